#include "bench/sysclock.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define SYSCLOCK_PATH 4096  /* a path under the sysfs root */
#define SYSCLOCK_TEXT 4096  /* a clock or uevent file; pp_dpm_sclk is a few hundred bytes */
#define SYSCLOCK_MAX_MHZ 1000000L /* far beyond any GPU clock: a bigger number is not one */

/* Parses a clock file's text: NULL with *mhz set, or why there is no clock
 * in it (a phrase for lm_sysclock_why). */
typedef const char *(*sysclock_parse)(const char *text, double *mhz);

typedef struct {
	const char *file;      /* relative to /sys/class/drm/cardN */
	sysclock_parse parse;
	const char *source;    /* what lm_sysclock_source says */
} sysclock_file;

static const char *parse_mhz(const char *text, double *mhz);
static const char *parse_dpm_levels(const char *text, double *mhz);

/* Where each driver keeps its running clock: the first file of a row that
 * exists is the one read. A driver with no clock file says why instead.
 *
 * amdgpu: pp_dpm_sclk lists the DPM levels of the graphics clock, one
 *   "<level>: <MHz>Mhz" a line, the current one marked "*", and a level "S"
 *   for deep sleep. https://docs.kernel.org/gpu/amdgpu/thermal.html ("pp_dpm_*")
 *   shows the format and the "S" level; the marking is the driver's printers
 *   (drivers/gpu/drm/amd/pm/, "%d: %uMhz %s\n" with "*" on the level whose
 *   clock equals the current one). On parts with fine-grained DPM the driver
 *   shows an extra level with the current clock itself, so the marked level
 *   is the clock, not only a bracket of it.
 * i915: gt_act_freq_mhz is the actual frequency and gt_cur_freq_mhz only
 *   the last requested one (commit c8c972ebd209, "drm/i915: Add
 *   gt_act_freq_mhz sysfs file", https://git.kernel.org/torvalds/c/c8c972ebd209).
 *   Kernels since 5.19 also have gt/gtN/rps_act_freq_mhz per GT, and the
 *   card-level file then shows the largest over all GTs, which on parts with
 *   a media GT may be the media GT's clock (drivers/gpu/drm/i915/gt/
 *   intel_gt_sysfs_pm.c); so gt0, the render GT, comes first. i915 has no
 *   sysfs ABI document for these files: the commit and the source are the
 *   documentation.
 * xe: device/tile#/gt#/freq0/act_freq is "the actual resolved frequency
 *   decided by PCODE", cur_freq the requested one
 *   (https://docs.kernel.org/gpu/xe/xe_gt_freq.html). gt0 of tile0 is the
 *   primary GT.
 * Both Intel drivers print an integer in MHz ("%d\n"), 0 while the GT is
 *   in RC6 (xe_guc_pc_get_act_freq: "might be 0 if GT is in Render-C sleep
 *   state").
 * nvidia: nothing in sysfs; latmix reads the clock in-kernel (%clock64
 *   against %globaltimer). */
static const struct {
	const char *driver;
	sysclock_file files[2];
	const char *none;
} sysclock_drivers[] = {
	{ "amdgpu", {
		{ "device/pp_dpm_sclk", parse_dpm_levels,
		  "sysfs amdgpu pp_dpm_sclk (current DPM level)" } }, NULL },
	{ "i915", {
		{ "gt/gt0/rps_act_freq_mhz", parse_mhz,
		  "sysfs i915 gt0 rps_act_freq_mhz (actual)" },
		{ "gt_act_freq_mhz", parse_mhz,
		  "sysfs i915 gt_act_freq_mhz (actual)" } }, NULL },
	{ "xe", {
		{ "device/tile0/gt0/freq0/act_freq", parse_mhz,
		  "sysfs xe tile0 gt0 act_freq (actual)" } }, NULL },
	{ "nvidia", { { NULL, NULL, NULL } },
	  "the NVIDIA driver exposes no clock in sysfs (latmix reads it in-kernel)" },
};

struct lm_sysclock {
	const sysclock_file *file;
	char path[SYSCLOCK_PATH];
	char why[256];
};

/* Writes a reason into why (if any) and returns LM_OK: no clock is not an
 * error. */
static lm_status no_clock(char *why, size_t size, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static lm_status no_clock(char *why, size_t size, const char *fmt, ...)
{
	if (why && size) {
		va_list ap;
		va_start(ap, fmt);
		vsnprintf(why, size, fmt, ap);
		va_end(ap);
	}
	return LM_OK;
}

/* The file's contents, NUL-terminated: 0, or an errno value (EFBIG: larger
 * than the buffer; EILSEQ: a NUL inside). */
static int read_text(const char *path, char *buf, size_t size)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return errno;
	size_t n = 0;
	int err = 0;
	for (;;) {
		ssize_t r = read(fd, buf + n, size - 1 - n);
		if (r < 0) {
			if (errno == EINTR)
				continue;
			err = errno;
			break;
		}
		if (r == 0)
			break;
		n += (size_t)r;
		if (n == size - 1) {
			char extra;
			if (read(fd, &extra, 1) > 0)
				err = EFBIG;
			break;
		}
	}
	close(fd);
	buf[n] = '\0';
	if (!err && memchr(buf, '\0', n))
		err = EILSEQ;
	return err;
}

/* The last component of the link at path (sysfs links are relative, as
 * "../../../0000:03:00.0"), or false if path is no link. */
static bool link_name(const char *path, char *buf, size_t size)
{
	char target[SYSCLOCK_PATH];
	ssize_t n = readlink(path, target, sizeof target - 1);
	if (n <= 0 || n >= (ssize_t)sizeof target - 1)
		return false;
	target[n] = '\0';
	while (n > 1 && target[n - 1] == '/')
		target[--n] = '\0';
	const char *slash = strrchr(target, '/');
	const char *name = slash ? slash + 1 : target;
	if (!*name || strlen(name) >= size)
		return false;
	strcpy(buf, name);
	return true;
}

/* The value of "key=value" in a uevent file, or false. */
static bool uevent_value(const char *path, const char *key, char *buf, size_t size)
{
	char text[SYSCLOCK_TEXT];
	if (read_text(path, text, sizeof text))
		return false;
	size_t klen = strlen(key);
	for (const char *line = text; *line;) {
		const char *end = strchr(line, '\n');
		size_t len = end ? (size_t)(end - line) : strlen(line);
		if (len > klen && !strncmp(line, key, klen) && line[klen] == '=') {
			size_t vlen = len - klen - 1;
			if (vlen == 0 || vlen >= size)
				return false;
			memcpy(buf, line + klen + 1, vlen);
			buf[vlen] = '\0';
			return true;
		}
		line += len + (end ? 1 : 0);
	}
	return false;
}

static int hex_digit(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* Reads between min and max hex digits at *s into *v. */
static bool hex_field(const char **s, int min, int max, int *v)
{
	int n = 0, x = 0, d;
	while (n < max && (d = hex_digit((*s)[n])) >= 0) {
		x = x * 16 + d;
		n++;
	}
	if (n < min || hex_digit((*s)[n]) >= 0)
		return false;
	*s += n;
	*v = x;
	return true;
}

/* A PCI address as sysfs names devices, "DDDD:BB:DD.F"; the domain may
 * have more than four digits (VMD domains start at 10000). */
static bool parse_pci(const char *s, int addr[4])
{
	return hex_field(&s, 4, 7, &addr[0]) && *s++ == ':' &&
	       hex_field(&s, 2, 2, &addr[1]) && *s++ == ':' &&
	       hex_field(&s, 2, 2, &addr[2]) && addr[2] < 32 && *s++ == '.' &&
	       hex_field(&s, 1, 1, &addr[3]) && addr[3] < 8 && *s == '\0';
}

/* The PCI address of card dir's device: the name its device link points
 * to, or PCI_SLOT_NAME in its uevent. */
static bool card_pci(const char *dir, int addr[4])
{
	char path[SYSCLOCK_PATH], name[64];
	if (snprintf(path, sizeof path, "%s/device", dir) >= (int)sizeof path)
		return false;
	if (link_name(path, name, sizeof name) && parse_pci(name, addr))
		return true;
	if (snprintf(path, sizeof path, "%s/device/uevent", dir) >= (int)sizeof path)
		return false;
	return uevent_value(path, "PCI_SLOT_NAME", name, sizeof name) && parse_pci(name, addr);
}

/* The driver bound to card dir's device: its driver link's name, or DRIVER
 * in its uevent. */
static bool card_driver(const char *dir, char *buf, size_t size)
{
	char path[SYSCLOCK_PATH];
	if (snprintf(path, sizeof path, "%s/device/driver", dir) >= (int)sizeof path)
		return false;
	if (link_name(path, buf, size))
		return true;
	if (snprintf(path, sizeof path, "%s/device/uevent", dir) >= (int)sizeof path)
		return false;
	return uevent_value(path, "DRIVER", buf, size);
}

/* N of a "cardN" name, or -1 for anything else (renderD128, card0-DP-1). */
static long card_number(const char *name)
{
	if (strncmp(name, "card", 4) || !name[4])
		return -1;
	long n = 0;
	for (const char *p = name + 4; *p; p++) {
		if (*p < '0' || *p > '9' || p - name >= 4 + 7)
			return -1;
		n = n * 10 + (*p - '0');
	}
	return n;
}

/* The PCI address domain:bus:device.function as messages say it ("*"
 * for a domain < 0: any). */
static void pci_name(int domain, int bus, int device, int function, char *buf, size_t size)
{
	if (domain >= 0)
		snprintf(buf, size, "%04x:%02x:%02x.%x", (unsigned)domain,
			 (unsigned)bus, (unsigned)device, (unsigned)function);
	else
		snprintf(buf, size, "*:%02x:%02x.%x", (unsigned)bus,
			 (unsigned)device, (unsigned)function);
}

/* The DRM card a PCI address names: the lowest-numbered match, so the
 * choice does not depend on readdir's order. */
typedef struct {
	long number;             /* N of cardN; -1: none matched */
	int domain;
	bool ambiguous;          /* cards of several PCI domains matched */
	char path[SYSCLOCK_PATH];
	char name[16];           /* "card" and at most 7 digits (card_number) */
} card_match;

/* Looks through the cards of drm (open as dir) for the PCI address want
 * (domain, bus, device, function; a domain < 0 matches any). */
static void match_card(DIR *dir, const char *drm, const int want[4], card_match *best)
{
	best->number = -1;
	best->domain = -1;
	best->ambiguous = false;
	char card[SYSCLOCK_PATH];
	struct dirent *e;
	while ((e = readdir(dir))) {
		long n = card_number(e->d_name);
		int addr[4];
		if (n < 0 || snprintf(card, sizeof card, "%s/%s", drm, e->d_name) >= (int)sizeof card ||
		    !card_pci(card, addr))
			continue;
		if (addr[1] != want[1] || addr[2] != want[2] || addr[3] != want[3] ||
		    (want[0] >= 0 && addr[0] != want[0]))
			continue;
		if (best->number >= 0 && addr[0] != best->domain)
			best->ambiguous = true;
		if (best->number < 0 || n < best->number) {
			best->number = n;
			best->domain = addr[0];
			strcpy(best->path, card);
			strcpy(best->name, e->d_name);
		}
	}
}

/* The row of sysclock_drivers for driver, in *row; false if it has none. */
static bool driver_row(const char *driver, size_t *row)
{
	size_t nrows = sizeof sysclock_drivers / sizeof sysclock_drivers[0];
	*row = 0;
	while (*row < nrows && strcmp(sysclock_drivers[*row].driver, driver))
		(*row)++;
	return *row < nrows;
}

/* The first clock file of a driver's row that card (a path) has readable,
 * its path in path; NULL if none. */
static const sysclock_file *clock_file(size_t row, const char *card, char *path, size_t size)
{
	for (size_t i = 0; i < 2 && sysclock_drivers[row].files[i].file; i++) {
		const sysclock_file *f = &sysclock_drivers[row].files[i];
		if (snprintf(path, size, "%s/%s", card, f->file) < (int)size && access(path, R_OK) == 0)
			return f;
	}
	return NULL;
}

lm_status lm_sysclock_open(const char *root, int domain, int bus, int device, int function,
			   lm_sysclock **out, char *why, size_t why_size)
{
	*out = NULL;
	if (why && why_size)
		why[0] = '\0';
	if (!root) {
		root = getenv("LATMIX_SYSFS_ROOT");
		if (!root || !*root)
			root = "/sys";
	}
	if (bus < 0 || device < 0 || function < 0)
		return no_clock(why, why_size, "the device reports no PCI address");

	char want[48];
	pci_name(domain, bus, device, function, want, sizeof want);

	char drm[SYSCLOCK_PATH];
	if (snprintf(drm, sizeof drm, "%s/class/drm", root) >= (int)sizeof drm)
		return no_clock(why, why_size, "sysfs root path too long");
	DIR *dir = opendir(drm);
	if (!dir)
		return no_clock(why, why_size, "%s: %s", drm, strerror(errno));
	card_match best;
	match_card(dir, drm, (const int[4]){ domain, bus, device, function }, &best);
	closedir(dir);
	if (best.number < 0)
		return no_clock(why, why_size, "no DRM card in %s has PCI address %s", drm, want);
	if (best.ambiguous)
		return no_clock(why, why_size,
				"PCI address %s names cards in several PCI domains", want);

	const char *name = best.name;
	char driver[64];
	if (!card_driver(best.path, driver, sizeof driver))
		return no_clock(why, why_size, "%s: no driver bound", name);
	size_t row;
	if (!driver_row(driver, &row))
		return no_clock(why, why_size, "%s: driver %s has no known clock file", name, driver);
	if (sysclock_drivers[row].none)
		return no_clock(why, why_size, "%s: %s", name, sysclock_drivers[row].none);

	char path[SYSCLOCK_PATH];
	const sysclock_file *file = clock_file(row, best.path, path, sizeof path);
	if (!file) {
		const char *alt = sysclock_drivers[row].files[1].file;
		return no_clock(why, why_size, "%s (%s): no readable %s%s%s", name, driver,
				sysclock_drivers[row].files[0].file, alt ? " or " : "",
				alt ? alt : "");
	}

	lm_sysclock *h = calloc(1, sizeof *h);
	if (!h)
		return lm_fail(LM_ENOMEM, "sysclock: out of memory");
	h->file = file;
	strcpy(h->path, path);
	*out = h;
	return LM_OK;
}

void lm_sysclock_free(lm_sysclock *h)
{
	free(h);
}

static bool is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r';
}

static const char *skip_blank(const char *p, const char *end)
{
	while (p < end && is_blank(*p))
		p++;
	return p;
}

/* Decimal digits at *p (before end) into *v, at most SYSCLOCK_MAX_MHZ. */
static bool decimal(const char **p, const char *end, long *v)
{
	const char *s = *p;
	long x = 0;
	while (s < end && *s >= '0' && *s <= '9') {
		x = x * 10 + (*s - '0');
		if (x > SYSCLOCK_MAX_MHZ)
			return false;
		s++;
	}
	if (s == *p)
		return false;
	*p = s;
	*v = x;
	return true;
}

/* A file with one integer in MHz (i915, xe). */
static const char *parse_mhz(const char *text, double *mhz)
{
	const char *end = text + strlen(text);
	const char *p = text;
	while (p < end && (is_blank(*p) || *p == '\n'))
		p++;
	long v;
	if (!decimal(&p, end, &v))
		return "no number of MHz in the file";
	while (p < end && (is_blank(*p) || *p == '\n'))
		p++;
	if (p != end)
		return "more than a number of MHz in the file";
	if (v == 0)
		return "0 MHz: the GPU sleeps (RC6)";
	*mhz = (double)v;
	return NULL;
}

/* One line of pp_dpm_sclk, "<level>: <n>Mhz" with an optional "*";
 * spaces anywhere between the parts, "Mhz" in any case. 0: blank line,
 * 1: a level, -1: something else. */
static int dpm_line(const char *p, const char *end, bool *sleep, long *v, bool *marked)
{
	p = skip_blank(p, end);
	if (p == end)
		return 0;
	*sleep = *p == 'S';
	if (*sleep) {
		p++;
	} else {
		long level;
		if (!decimal(&p, end, &level))
			return -1;
	}
	p = skip_blank(p, end);
	if (p == end || *p++ != ':')
		return -1;
	p = skip_blank(p, end);
	if (!decimal(&p, end, v))
		return -1;
	p = skip_blank(p, end);
	static const char unit[] = "mhz";
	for (size_t i = 0; i < 3; i++, p++)
		if (p == end || (*p | 0x20) != unit[i])
			return -1;
	p = skip_blank(p, end);
	*marked = p < end && *p == '*';
	if (*marked)
		p = skip_blank(p + 1, end);
	return p == end ? 1 : -1;
}

/* amdgpu's pp_dpm_sclk: the level marked "*" is the current clock. */
static const char *parse_dpm_levels(const char *text, double *mhz)
{
	long current = -1;
	bool levels = false, sleeping = false;
	for (const char *line = text; *line;) {
		const char *nl = strchr(line, '\n');
		const char *end = nl ? nl : line + strlen(line);
		bool sleep, marked;
		long v;
		int kind = dpm_line(line, end, &sleep, &v, &marked);
		if (kind < 0)
			return "a line is not \"<level>: <n>Mhz\" with an optional \"*\"";
		if (kind > 0) {
			levels = true;
			if (marked) {
				if (current >= 0 && v != current)
					return "levels marked current (*) disagree";
				current = v;
				sleeping = sleeping || sleep;
			}
		}
		line = nl ? nl + 1 : end;
	}
	if (!levels)
		return "no DPM levels in the file";
	if (current < 0)
		return "no level marked current (*)";
	if (sleeping)
		return "deep-sleep level S is current: the GPU idles";
	if (current == 0)
		return "0 MHz marked current";
	*mhz = (double)current;
	return NULL;
}

double lm_sysclock_read(lm_sysclock *h)
{
	if (!h)
		return NAN;
	char text[SYSCLOCK_TEXT];
	int err = read_text(h->path, text, sizeof text);
	if (err) {
		snprintf(h->why, sizeof h->why, "%s", err == EFBIG ? "file too large" :
			 err == EILSEQ ? "NUL byte in the file" : strerror(err));
		return NAN;
	}
	double mhz;
	const char *why = h->file->parse(text, &mhz);
	if (why) {
		snprintf(h->why, sizeof h->why, "%s", why);
		return NAN;
	}
	h->why[0] = '\0';
	return mhz;
}

const char *lm_sysclock_why(const lm_sysclock *h)
{
	return h ? h->why : "no sysfs clock";
}

const char *lm_sysclock_source(const lm_sysclock *h)
{
	return h ? h->file->source : "none";
}

const char *lm_sysclock_path(const lm_sysclock *h)
{
	return h ? h->path : "";
}

double lm_sysclock_mean(double before_mhz, double after_mhz, double fallback_mhz, bool *live)
{
	bool ok = !isnan(before_mhz) && !isnan(after_mhz);
	if (live)
		*live = ok;
	return ok ? 0.5 * (before_mhz + after_mhz) : fallback_mhz;
}
