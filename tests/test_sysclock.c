/* The sysfs clock: the card of a PCI address, each driver's clock file,
 * pp_dpm_sclk's formats, readings that are live and NAN rather than a guess.
 * Each test builds a small sysfs tree in a temporary directory, laid out as
 * the kernel lays it out: class/drm/cardN links into devices/, the card's
 * device link to the PCI device, the device's driver link into
 * bus/pci/drivers/. */
#include "testutil.h"
#include "bench/sysclock.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define AMD_SOURCE "sysfs amdgpu pp_dpm_sclk (current DPM level)"

/* One directory per test run, made and removed by the parent process, so
 * a failed test leaves nothing behind. */
static char base[512];

static void mkdirs(const char *path)
{
	char p[1024];
	snprintf(p, sizeof p, "%s", path);
	for (char *s = p + 1; *s; s++) {
		if (*s != '/')
			continue;
		*s = '\0';
		ck_assert_msg(mkdir(p, 0755) == 0 || errno == EEXIST, "mkdir %s: %s", p, strerror(errno));
		*s = '/';
	}
	ck_assert_msg(mkdir(p, 0755) == 0 || errno == EEXIST, "mkdir %s: %s", p, strerror(errno));
}

/* Writes text to root/rel, making its directories (through links, as a
 * write through /sys/class/drm/cardN/device would). */
static void put(const char *root, const char *rel, const char *text)
{
	char path[1024];
	snprintf(path, sizeof path, "%s/%s", root, rel);
	char *slash = strrchr(path, '/');
	*slash = '\0';
	mkdirs(path);
	*slash = '/';
	FILE *f = fopen(path, "w");
	ck_assert_msg(f != NULL, "%s: %s", path, strerror(errno));
	fputs(text, f);
	fclose(f);
}

static void link_to(const char *root, const char *rel, const char *target)
{
	char path[1024];
	snprintf(path, sizeof path, "%s/%s", root, rel);
	char *slash = strrchr(path, '/');
	*slash = '\0';
	mkdirs(path);
	*slash = '/';
	ck_assert_msg(symlink(target, path) == 0, "symlink %s: %s", path, strerror(errno));
}

typedef struct {
	const char *card;   /* "card1" */
	const char *pci;    /* "0000:0a:00.0" */
	const char *driver;
	bool no_links;      /* class/drm/cardN and its device are plain
			     * directories: only uevent tells address and driver */
} fx_card;

typedef struct {
	const char *path;   /* relative to the root, may go through a card's links */
	const char *text;
} fx_file;

/* A new sysfs tree with cards and files (both lists end with a NULL
 * first field), in root. */
static void fx_build(char *root, size_t size, const fx_card *cards, const fx_file *files)
{
	snprintf(root, size, "%s/sysfs-XXXXXX", base);
	ck_assert_msg(mkdtemp(root) != NULL, "mkdtemp: %s", strerror(errno));
	mkdirs(root);
	put(root, "class/drm/version", "drm 1.1.0 20060810\n");
	for (const fx_card *c = cards; c && c->card; c++) {
		char uevent[256], rel[512], target[512];
		snprintf(uevent, sizeof uevent, "DRIVER=%s\nPCI_CLASS=30000\nPCI_SLOT_NAME=%s\n",
			 c->driver, c->pci);
		if (c->no_links) {
			snprintf(rel, sizeof rel, "class/drm/%s/device/uevent", c->card);
			put(root, rel, uevent);
			continue;
		}
		char dev[256];
		snprintf(dev, sizeof dev, "devices/pci%.4s:00/%s", c->pci, c->pci);
		snprintf(rel, sizeof rel, "%s/uevent", dev);
		put(root, rel, uevent);
		snprintf(rel, sizeof rel, "bus/pci/drivers/%s/bind", c->driver);
		put(root, rel, "");
		snprintf(rel, sizeof rel, "%s/driver", dev);
		snprintf(target, sizeof target, "../../../bus/pci/drivers/%s", c->driver);
		link_to(root, rel, target);
		snprintf(rel, sizeof rel, "%s/drm/%s/device", dev, c->card);
		snprintf(target, sizeof target, "../../../%s", c->pci);
		link_to(root, rel, target);
		snprintf(rel, sizeof rel, "class/drm/%s", c->card);
		snprintf(target, sizeof target, "../../%s/drm/%s", dev, c->card);
		link_to(root, rel, target);
	}
	for (const fx_file *f = files; f && f->path; f++)
		put(root, f->path, f->text);
}

static void remove_tree(const char *path)
{
	struct stat st;
	if (lstat(path, &st) != 0)
		return;
	if (S_ISDIR(st.st_mode)) {
		DIR *d = opendir(path);
		if (d) {
			struct dirent *e;
			while ((e = readdir(d))) {
				if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
					continue;
				char sub[1024];
				snprintf(sub, sizeof sub, "%s/%s", path, e->d_name);
				remove_tree(sub);
			}
			closedir(d);
		}
		rmdir(path);
	} else {
		unlink(path);
	}
}

static void make_base(void)
{
	const char *tmp = getenv("TMPDIR");
	snprintf(base, sizeof base, "%s/latmix-sysclock-XXXXXX", tmp && *tmp ? tmp : "/tmp");
	if (!mkdtemp(base)) {
		perror("mkdtemp");
		exit(1);
	}
}

static void remove_base(void)
{
	remove_tree(base);
}

/* Opens and expects a handle. */
static lm_sysclock *open_ok(const char *root, int domain, int bus, int device, int function)
{
	lm_sysclock *h = NULL;
	char why[256];
	ck_assert_int_eq(lm_sysclock_open(root, domain, bus, device, function, &h, why, sizeof why),
			 LM_OK);
	ck_assert_msg(h != NULL, "no handle: %s", why);
	ck_assert_str_eq(why, "");
	return h;
}

/* Opens and expects no handle, with a reason containing part. */
static void open_none(const char *root, int domain, int bus, int device, int function,
		      const char *part)
{
	lm_sysclock *h = (lm_sysclock *)&h; /* must be overwritten with NULL */
	char why[256] = "";
	ck_assert_int_eq(lm_sysclock_open(root, domain, bus, device, function, &h, why, sizeof why),
			 LM_OK);
	ck_assert_ptr_null(h);
	ck_assert_msg(strstr(why, part) != NULL, "why \"%s\" lacks \"%s\"", why, part);
}

static bool ends_with(const char *s, const char *tail)
{
	size_t n = strlen(s), m = strlen(tail);
	return n >= m && !strcmp(s + n - m, tail);
}

START_TEST(amdgpu_picks_the_card_of_the_pci_address)
{
	const fx_card cards[] = {
		{ "card0", "0000:03:00.0", "amdgpu", false },
		{ "card1", "0000:0a:00.0", "amdgpu", false },
		{ NULL, NULL, NULL, false },
	};
	const fx_file files[] = {
		{ "class/drm/card0/device/pp_dpm_sclk", "0: 500Mhz *\n1: 1700Mhz \n" },
		{ "class/drm/card1/device/pp_dpm_sclk", "0: 500Mhz \n1: 2100Mhz *\n" },
		{ "class/drm/renderD128/dev", "226:128\n" },  /* not a card */
		{ "class/drm/card1-DP-1/status", "disconnected\n" }, /* a connector */
		{ NULL, NULL },
	};
	char root[600];
	fx_build(root, sizeof root, cards, files);

	lm_sysclock *h = open_ok(root, 0, 0x0a, 0, 0);
	ck_assert_rel(lm_sysclock_read(h), 2100, 0);
	ck_assert_str_eq(lm_sysclock_why(h), "");
	ck_assert_str_eq(lm_sysclock_source(h), AMD_SOURCE);
	ck_assert_msg(ends_with(lm_sysclock_path(h), "/class/drm/card1/device/pp_dpm_sclk"),
		      "path %s", lm_sysclock_path(h));
	lm_sysclock_free(h);

	h = open_ok(root, 0, 3, 0, 0);
	ck_assert_rel(lm_sysclock_read(h), 500, 0);
	lm_sysclock_free(h);

	open_none(root, 0, 5, 0, 0, "0000:05:00.0");
	open_none(root, 1, 0x0a, 0, 0, "0001:0a:00.0"); /* right bus, wrong domain */
	open_none(root, 0, 0x0a, 0, 1, "0000:0a:00.1"); /* the card's audio function */
}
END_TEST

/* What pp_dpm_sclk may hold, and what a read must make of it. */
static const struct {
	const char *text;
	double mhz;        /* NAN: no clock */
	const char *why;   /* part of the reason, for NAN */
} dpm_cases[] = {
	{ "0: 500Mhz \n1: 1700Mhz *\n", 1700, NULL },
	{ "0: 500MHz\n1: 1700MHz *\n", 1700, NULL },
	{ "  0 :  500 mhz\n\n\t1:1700Mhz   *   \n", 1700, NULL },
	{ "0: 500Mhz\n1: 1700Mhz *", 1700, NULL },             /* no final newline */
	{ "0: 500Mhz\r\n1: 800Mhz *\r\n", 800, NULL },
	/* fine-grained DPM: the driver shows the current clock as a middle level */
	{ "0: 200Mhz\n1: 1234Mhz *\n2: 2200Mhz\n", 1234, NULL },
	{ "0: 1700Mhz *\n1: 1700Mhz *\n", 1700, NULL },       /* equal levels, both marked */
	{ "S: 19Mhz *\n0: 615Mhz\n1: 800Mhz\n", NAN, "deep-sleep" },
	{ "0: 500Mhz\n1: 1700Mhz\n", NAN, "no level marked" },
	{ "", NAN, "no DPM levels" },
	{ "\n\n", NAN, "no DPM levels" },
	{ "0: 500Mhz *\n1: 1700Mhz *\n", NAN, "disagree" },
	{ "garbage\n", NAN, "not \"<level>" },
	{ "0: 500Mhz\nfan: 30%\n1: 1700Mhz *\n", NAN, "not \"<level>" },
	{ "0: 1700Ghz *\n", NAN, "not \"<level>" },
	{ "0: 1700 *\n", NAN, "not \"<level>" },
	{ "0: -5Mhz *\n", NAN, "not \"<level>" },
	{ "0: 99999999Mhz *\n", NAN, "not \"<level>" },
	{ "0: 1700Mhz * extra\n", NAN, "not \"<level>" },
	{ "0: 2.5GT/s, x16 *\n", NAN, "not \"<level>" },       /* pp_dpm_pcie's format */
	{ "0: 0Mhz *\n", NAN, "0 MHz" },
};

START_TEST(dpm_levels_formats)
{
	const fx_card cards[] = { { "card0", "0000:03:00.0", "amdgpu", false }, { 0 } };
	const fx_file files[] = { { "class/drm/card0/device/pp_dpm_sclk", "0: 1Mhz *\n" }, { 0 } };
	char root[600];
	fx_build(root, sizeof root, cards, files);
	lm_sysclock *h = open_ok(root, 0, 3, 0, 0);
	for (size_t i = 0; i < sizeof dpm_cases / sizeof dpm_cases[0]; i++) {
		put(root, "class/drm/card0/device/pp_dpm_sclk", dpm_cases[i].text);
		double got = lm_sysclock_read(h);
		ck_assert_msg(lm_test_rel_ok(got, dpm_cases[i].mhz, 0),
			      "case %zu \"%s\": read %g, expected %g (%s)", i, dpm_cases[i].text,
			      got, dpm_cases[i].mhz, lm_sysclock_why(h));
		if (dpm_cases[i].why)
			ck_assert_msg(strstr(lm_sysclock_why(h), dpm_cases[i].why),
				      "case %zu: why \"%s\" lacks \"%s\"", i, lm_sysclock_why(h),
				      dpm_cases[i].why);
		else
			ck_assert_str_eq(lm_sysclock_why(h), "");
	}
	lm_sysclock_free(h);
}
END_TEST

START_TEST(dpm_file_larger_than_any_real_one_gives_nan)
{
	const fx_card cards[] = { { "card0", "0000:03:00.0", "amdgpu", false }, { 0 } };
	static char big[8192];
	memset(big, '\n', sizeof big - 1);
	memcpy(big, "0: 500Mhz *", 11);
	const fx_file files[] = { { "class/drm/card0/device/pp_dpm_sclk", big }, { 0 } };
	char root[600];
	fx_build(root, sizeof root, cards, files);
	lm_sysclock *h = open_ok(root, 0, 3, 0, 0);
	ck_assert(isnan(lm_sysclock_read(h)));
	ck_assert_str_eq(lm_sysclock_why(h), "file too large");
	lm_sysclock_free(h);
}
END_TEST

START_TEST(amdgpu_without_pp_dpm_sclk_has_no_clock)
{
	/* an SR-IOV virtual function, say: amdgpu, but no power files */
	const fx_card cards[] = { { "card0", "0000:03:00.0", "amdgpu", false }, { 0 } };
	char root[600];
	fx_build(root, sizeof root, cards, NULL);
	open_none(root, 0, 3, 0, 0, "card0 (amdgpu): no readable device/pp_dpm_sclk");
}
END_TEST

START_TEST(i915_reads_the_actual_not_the_requested_frequency)
{
	const fx_card cards[] = { { "card0", "0000:00:02.0", "i915", false }, { 0 } };
	const fx_file files[] = {
		{ "class/drm/card0/gt_act_freq_mhz", "1300\n" },
		{ "class/drm/card0/gt_cur_freq_mhz", "1500\n" },
		{ "class/drm/card0/gt_max_freq_mhz", "1500\n" },
		{ 0 },
	};
	char root[600];
	fx_build(root, sizeof root, cards, files);
	lm_sysclock *h = open_ok(root, 0, 0, 2, 0);
	ck_assert_rel(lm_sysclock_read(h), 1300, 0);
	ck_assert_str_eq(lm_sysclock_source(h), "sysfs i915 gt_act_freq_mhz (actual)");
	ck_assert(ends_with(lm_sysclock_path(h), "/class/drm/card0/gt_act_freq_mhz"));

	put(root, "class/drm/card0/gt_act_freq_mhz", "0\n"); /* RC6 */
	ck_assert(isnan(lm_sysclock_read(h)));
	ck_assert(strstr(lm_sysclock_why(h), "RC6"));
	lm_sysclock_free(h);
}
END_TEST

START_TEST(i915_prefers_gt0_to_the_card_wide_maximum)
{
	/* gt1 is a media GT; the card-level file shows the larger of the two */
	const fx_card cards[] = { { "card1", "0000:00:02.0", "i915", false }, { 0 } };
	const fx_file files[] = {
		{ "class/drm/card1/gt/gt0/rps_act_freq_mhz", "900\n" },
		{ "class/drm/card1/gt/gt0/rps_cur_freq_mhz", "1100\n" },
		{ "class/drm/card1/gt/gt1/rps_act_freq_mhz", "1200\n" },
		{ "class/drm/card1/gt_act_freq_mhz", "1200\n" },
		{ 0 },
	};
	char root[600];
	fx_build(root, sizeof root, cards, files);
	lm_sysclock *h = open_ok(root, 0, 0, 2, 0);
	ck_assert_rel(lm_sysclock_read(h), 900, 0);
	ck_assert_str_eq(lm_sysclock_source(h), "sysfs i915 gt0 rps_act_freq_mhz (actual)");
	lm_sysclock_free(h);
}
END_TEST

START_TEST(i915_without_frequency_files_has_no_clock)
{
	const fx_card cards[] = { { "card0", "0000:00:02.0", "i915", false }, { 0 } };
	char root[600];
	fx_build(root, sizeof root, cards, NULL);
	open_none(root, 0, 0, 2, 0, "no readable gt/gt0/rps_act_freq_mhz or gt_act_freq_mhz");
}
END_TEST

/* A file with one number of MHz, as i915 and xe write it. */
static const struct {
	const char *text;
	double mhz;
} mhz_cases[] = {
	{ "2050\n", 2050 },
	{ "2050", 2050 },
	{ " 2050 \n", 2050 },
	{ "0\n", NAN },
	{ "\n", NAN },
	{ "", NAN },
	{ "abc\n", NAN },
	{ "2050 MHz\n", NAN },
	{ "-300\n", NAN },
	{ "20.5\n", NAN },
	{ "2050\n2100\n", NAN },
	{ "99999999\n", NAN },
};

START_TEST(xe_reads_act_freq_of_tile0_gt0)
{
	const fx_card cards[] = { { "card0", "0000:03:00.0", "xe", false }, { 0 } };
	const fx_file files[] = {
		{ "class/drm/card0/device/tile0/gt0/freq0/act_freq", "2050\n" },
		{ "class/drm/card0/device/tile0/gt0/freq0/cur_freq", "2400\n" },
		{ "class/drm/card0/device/tile0/gt1/freq0/act_freq", "1000\n" },
		{ 0 },
	};
	char root[600];
	fx_build(root, sizeof root, cards, files);
	lm_sysclock *h = open_ok(root, 0, 3, 0, 0);
	ck_assert_rel(lm_sysclock_read(h), 2050, 0);
	ck_assert_str_eq(lm_sysclock_source(h), "sysfs xe tile0 gt0 act_freq (actual)");
	for (size_t i = 0; i < sizeof mhz_cases / sizeof mhz_cases[0]; i++) {
		put(root, "class/drm/card0/device/tile0/gt0/freq0/act_freq", mhz_cases[i].text);
		double got = lm_sysclock_read(h);
		ck_assert_msg(lm_test_rel_ok(got, mhz_cases[i].mhz, 0),
			      "case %zu \"%s\": read %g, expected %g (%s)", i, mhz_cases[i].text,
			      got, mhz_cases[i].mhz, lm_sysclock_why(h));
		ck_assert(isnan(got) == (lm_sysclock_why(h)[0] != '\0'));
	}
	lm_sysclock_free(h);
}
END_TEST

START_TEST(nvidia_has_no_clock_in_sysfs)
{
	const fx_card cards[] = { { "card0", "0000:01:00.0", "nvidia", false }, { 0 } };
	char root[600];
	fx_build(root, sizeof root, cards, NULL);
	open_none(root, 0, 1, 0, 0, "NVIDIA driver exposes no clock");
	/* what latmix does with no handle */
	ck_assert(isnan(lm_sysclock_read(NULL)));
	ck_assert_str_eq(lm_sysclock_source(NULL), "none");
	ck_assert_str_eq(lm_sysclock_path(NULL), "");
	ck_assert_str_eq(lm_sysclock_why(NULL), "no sysfs clock");
}
END_TEST

START_TEST(unknown_driver_has_no_clock)
{
	const fx_card cards[] = { { "card0", "0000:01:00.0", "nouveau", false }, { 0 } };
	char root[600];
	fx_build(root, sizeof root, cards, NULL);
	open_none(root, 0, 1, 0, 0, "driver nouveau has no known clock file");
}
END_TEST

START_TEST(uevent_names_address_and_driver_without_links)
{
	const fx_card cards[] = { { "card2", "0000:0c:00.0", "amdgpu", true }, { 0 } };
	const fx_file files[] = { { "class/drm/card2/device/pp_dpm_sclk", "0: 96Mhz *\n" }, { 0 } };
	char root[600];
	fx_build(root, sizeof root, cards, files);
	lm_sysclock *h = open_ok(root, 0, 0x0c, 0, 0);
	ck_assert_rel(lm_sysclock_read(h), 96, 0);
	lm_sysclock_free(h);
}
END_TEST

START_TEST(unknown_domain_matches_when_one_card_does)
{
	const fx_card one[] = { { "card0", "0000:03:00.0", "amdgpu", false }, { 0 } };
	const fx_file one_files[] = { { "class/drm/card0/device/pp_dpm_sclk", "0: 700Mhz *\n" }, { 0 } };
	char root[600];
	fx_build(root, sizeof root, one, one_files);
	lm_sysclock *h = open_ok(root, -1, 3, 0, 0);
	ck_assert_rel(lm_sysclock_read(h), 700, 0);
	lm_sysclock_free(h);

	const fx_card two[] = {
		{ "card0", "0000:03:00.0", "amdgpu", false },
		{ "card1", "0001:03:00.0", "amdgpu", false },
		{ 0 },
	};
	const fx_file two_files[] = {
		{ "class/drm/card0/device/pp_dpm_sclk", "0: 700Mhz *\n" },
		{ "class/drm/card1/device/pp_dpm_sclk", "0: 900Mhz *\n" },
		{ 0 },
	};
	fx_build(root, sizeof root, two, two_files);
	open_none(root, -1, 3, 0, 0, "several PCI domains");
	h = open_ok(root, 1, 3, 0, 0);
	ck_assert_rel(lm_sysclock_read(h), 900, 0);
	lm_sysclock_free(h);
}
END_TEST

START_TEST(no_address_or_no_drm_gives_no_handle)
{
	char root[600];
	fx_build(root, sizeof root, NULL, NULL);
	open_none(root, 0, 3, 0, 0, "no DRM card");
	open_none(root, -1, -1, -1, -1, "no PCI address");
	open_none(root, 0, 3, -1, 0, "no PCI address");
	char missing[700];
	snprintf(missing, sizeof missing, "%s/nothing-here", root);
	open_none(missing, 0, 3, 0, 0, "class/drm");
	/* why may be left out */
	lm_sysclock *h = NULL;
	ck_assert_int_eq(lm_sysclock_open(missing, 0, 3, 0, 0, &h, NULL, 0), LM_OK);
	ck_assert_ptr_null(h);
}
END_TEST

START_TEST(reading_is_live_not_cached)
{
	const fx_card cards[] = {
		{ "card0", "0000:03:00.0", "amdgpu", false },
		{ "card1", "0000:04:00.0", "xe", false },
		{ 0 },
	};
	const fx_file files[] = {
		{ "class/drm/card0/device/pp_dpm_sclk", "0: 500Mhz\n1: 1700Mhz *\n" },
		{ "class/drm/card1/device/tile0/gt0/freq0/act_freq", "2400\n" },
		{ 0 },
	};
	char root[600];
	fx_build(root, sizeof root, cards, files);
	lm_sysclock *amd = open_ok(root, 0, 3, 0, 0);
	lm_sysclock *xe = open_ok(root, 0, 4, 0, 0);
	ck_assert_rel(lm_sysclock_read(amd), 1700, 0);
	ck_assert_rel(lm_sysclock_read(xe), 2400, 0);
	put(root, "class/drm/card0/device/pp_dpm_sclk", "0: 500Mhz *\n1: 1700Mhz\n");
	put(root, "class/drm/card1/device/tile0/gt0/freq0/act_freq", "1650\n");
	ck_assert_rel(lm_sysclock_read(amd), 500, 0);
	ck_assert_rel(lm_sysclock_read(xe), 1650, 0);

	/* the file goes away (driver unbound): NAN, then a number once back */
	char path[1024];
	snprintf(path, sizeof path, "%s", lm_sysclock_path(amd));
	ck_assert_int_eq(unlink(path), 0);
	ck_assert(isnan(lm_sysclock_read(amd)));
	ck_assert_str_eq(lm_sysclock_why(amd), strerror(ENOENT));
	put(root, "class/drm/card0/device/pp_dpm_sclk", "0: 500Mhz\n1: 1700Mhz *\n");
	ck_assert_rel(lm_sysclock_read(amd), 1700, 0);
	ck_assert_str_eq(lm_sysclock_why(amd), "");
	lm_sysclock_free(amd);
	lm_sysclock_free(xe);
}
END_TEST

START_TEST(environment_names_the_sysfs_root)
{
	const fx_card cards[] = { { "card0", "0000:03:00.0", "xe", false }, { 0 } };
	const fx_file files[] = { { "class/drm/card0/device/tile0/gt0/freq0/act_freq", "1800\n" }, { 0 } };
	char root[600];
	fx_build(root, sizeof root, cards, files);
	ck_assert_int_eq(setenv("LATMIX_SYSFS_ROOT", root, 1), 0);
	lm_sysclock *h = open_ok(NULL, 0, 3, 0, 0);
	ck_assert_rel(lm_sysclock_read(h), 1800, 0);
	lm_sysclock_free(h);

	char empty[600];
	fx_build(empty, sizeof empty, NULL, NULL);
	ck_assert_int_eq(setenv("LATMIX_SYSFS_ROOT", empty, 1), 0);
	open_none(NULL, 0, 3, 0, 0, empty);
	/* an explicit root wins over the environment */
	h = open_ok(root, 0, 3, 0, 0);
	lm_sysclock_free(h);
	unsetenv("LATMIX_SYSFS_ROOT");
}
END_TEST

START_TEST(mean_of_two_readings_or_the_fallback)
{
	bool live = false;
	ck_assert_rel(lm_sysclock_mean(1000, 1200, 1500, &live), 1100, 1e-15);
	ck_assert(live);
	ck_assert_rel(lm_sysclock_mean(NAN, 1200, 1500, &live), 1500, 0);
	ck_assert(!live);
	ck_assert_rel(lm_sysclock_mean(1000, NAN, 1500, &live), 1500, 0);
	ck_assert(!live);
	ck_assert_rel(lm_sysclock_mean(NAN, NAN, 1500, NULL), 1500, 0);
	/* no handle: both readings NAN, so the reported maximum */
	ck_assert_rel(lm_sysclock_mean(lm_sysclock_read(NULL), lm_sysclock_read(NULL), 1410, &live),
		      1410, 0);
	ck_assert(!live);
}
END_TEST

START_TEST(free_null_is_safe)
{
	lm_sysclock_free(NULL);
}
END_TEST

int main(void)
{
	make_base();
	Suite *s = suite_create("sysclock");
	TCase *tc = tcase_create("sysfs");
	tcase_add_unchecked_fixture(tc, NULL, remove_base);
	tcase_add_test(tc, amdgpu_picks_the_card_of_the_pci_address);
	tcase_add_test(tc, dpm_levels_formats);
	tcase_add_test(tc, dpm_file_larger_than_any_real_one_gives_nan);
	tcase_add_test(tc, amdgpu_without_pp_dpm_sclk_has_no_clock);
	tcase_add_test(tc, i915_reads_the_actual_not_the_requested_frequency);
	tcase_add_test(tc, i915_prefers_gt0_to_the_card_wide_maximum);
	tcase_add_test(tc, i915_without_frequency_files_has_no_clock);
	tcase_add_test(tc, xe_reads_act_freq_of_tile0_gt0);
	tcase_add_test(tc, nvidia_has_no_clock_in_sysfs);
	tcase_add_test(tc, unknown_driver_has_no_clock);
	tcase_add_test(tc, uevent_names_address_and_driver_without_links);
	tcase_add_test(tc, unknown_domain_matches_when_one_card_does);
	tcase_add_test(tc, no_address_or_no_drm_gives_no_handle);
	tcase_add_test(tc, reading_is_live_not_cached);
	tcase_add_test(tc, environment_names_the_sysfs_root);
	tcase_add_test(tc, mean_of_two_readings_or_the_fallback);
	tcase_add_test(tc, free_null_is_safe);
	suite_add_tcase(s, tc);
	return lm_test_run(s);
}
