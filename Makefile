# Thin wrapper over meson: `make run` measures, `make test` tests.
BUILD ?= build
MESON_FLAGS ?=
LATMIX = $(BUILD)/latmix

.PHONY: all deps build run test sanitize clean

all: build

deps:
	@./scripts/install-deps.sh

$(BUILD)/build.ninja:
	meson setup $(BUILD) $(MESON_FLAGS)

build: deps $(BUILD)/build.ninja
	ninja -C $(BUILD)

# Measures the default device (the first GPU, else the first device; DEVICE=
# picks another) into results/<device>/, fits every mix with a chain, and
# writes the report there.
DEVICE ?=
DEVARG = $(if $(DEVICE),-d "$(DEVICE)")
FIT_MIXES = gmem gmem-stride2 gmem-random lmem sfu
# local-memory and SFU instructions may take more than one issue slot (thesis
# §4.7: 3 and 2 on Maxwell; the H200 measures 2.3 for both): fitted with a cost
FIT_COST = lmem sfu
run: build
	$(LATMIX) devices
	$(LATMIX) measure $(DEVARG)
	@dir=$$($(LATMIX) devices --print-dir $(DEVARG)) && set -e && \
	echo "fitting $$dir/measurements.csv" && \
	for m in $(FIT_MIXES); do cost=; case " $(FIT_COST) " in *" $$m "*) cost=--issue-cost;; esac; \
		$(LATMIX) fit -m $$m $$cost $$dir/measurements.csv > $$dir/fit-$$m.txt || \
		echo "latmix: the fit of mix $$m failed (see above); the report goes on without it"; done && \
	{ $(LATMIX) fit --model refined -o $$dir/params-refined.ini $$dir/measurements.csv > /dev/null || \
		echo "latmix: the refined fit failed (see above); the report goes on without it"; } && \
	$(LATMIX) report $$dir && \
	echo "report: $$dir/report/report.md (fits: $$dir/fit-*.txt)" && \
	poor=$$(grep -l '^quality = poor' $$dir/params*.ini 2>/dev/null | tr '\n' ' ') && \
	if [ -n "$$poor" ]; then echo "latmix: poor fits (RMS relative error above 10%; the report's top says which): $$poor"; \
	else echo "latmix: every fit describes its data (RMS relative error at most 10%)"; fi

test: build
	meson test -C $(BUILD) --print-errorlogs

# The whole suite under AddressSanitizer and UndefinedBehaviorSanitizer.
# The sanitized suite sees every installed OpenCL driver but two (through
# OCL_ICD_VENDORS, ocl-icd's directory of .icd files): Intel's, which dlopens a
# library with RTLD_DEEPBIND, refused by the sanitizer runtime
# (google/sanitizers#611), and Mesa's clover, which leaks from a library it
# unloads (so no suppression can name it) and has no device without a GPU.
SAN_ICD = build-san/icd
sanitize: deps
	@[ -f build-san/build.ninja ] || meson setup build-san -Db_sanitize=address,undefined -Db_lundef=false -Dbuildtype=debug
	ninja -C build-san
	@rm -rf $(SAN_ICD) && mkdir -p $(SAN_ICD) && for f in /etc/OpenCL/vendors/*.icd; do \
		[ -f "$$f" ] && ! grep -q 'igdrcl\|libMesaOpenCL' "$$f" && cp "$$f" $(SAN_ICD)/; done; true
	OCL_ICD_VENDORS=$(CURDIR)/$(SAN_ICD) LSAN_OPTIONS=suppressions=$(CURDIR)/tests/lsan.supp UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
		meson test -C build-san --print-errorlogs

clean:
	rm -rf $(BUILD) build-san build-ci
