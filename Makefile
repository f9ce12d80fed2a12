# Thin wrapper over meson: `make run` measures, `make test` tests.
BUILD ?= build
MESON_FLAGS ?=
LATMIX = $(BUILD)/latmix

.PHONY: all deps build run test sanitize fuzz clean

all: build

deps:
	@./scripts/install-deps.sh

# What is missing is installed once, before the first build (not on every make).
$(BUILD)/build.ninja:
	@./scripts/install-deps.sh
	meson setup $(BUILD) $(MESON_FLAGS)

build: $(BUILD)/build.ninja
	ninja -C $(BUILD)

# The main job, latmix run: lists the devices, measures the default device
# (the first GPU, else the first device; DEVICE= picks another) into
# results/<device>/, fits every mix, writes the report there and prints
# its answer.
DEVICE ?=
DEVARG = $(if $(DEVICE),-d "$(DEVICE)")
run: build
	$(LATMIX) run $(DEVARG)

# TESTS=full: the slow suites whole (CI); else a smaller set of their cases
TESTS ?=
test: build
	LATMIX_TESTS=$(TESTS) meson test -C $(BUILD) --print-errorlogs

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

# Every reader's libFuzzer harness (tests/fuzz) for FUZZ_SECONDS each, one
# after the other, under AddressSanitizer and UndefinedBehaviorSanitizer,
# built by Debian's clang in build-fuzz; a crash's input is kept there.
FUZZ_SECONDS ?= 300
FUZZ_CC = $(shell command -v clang-15 || command -v clang-14 || command -v clang)
fuzz: deps
	@[ -n "$(FUZZ_CC)" ] || { echo "make fuzz: needs clang (Debian: clang-15)" >&2; exit 1; }
	@[ -f build-fuzz/build.ninja ] || CC=$(FUZZ_CC) meson setup build-fuzz -Dfuzz=true -Dtests=false \
		-Db_sanitize=address,undefined -Db_lundef=false -Dbuildtype=debug
	ninja -C build-fuzz fuzzers
	FUZZ_SECONDS=$(FUZZ_SECONDS) tests/fuzz/run.sh build-fuzz

clean:
	rm -rf $(BUILD) build-san build-ci build-fuzz
