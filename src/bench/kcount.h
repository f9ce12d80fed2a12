/* kcount: a kernel's loop counted (asm/count.h) from its build: the
 * device's (NVIDIA's driver gives PTX), a vendor's offline compiler's
 * (--isa), or clang's NVPTX build; a PTX file as it is; and what the
 * device's build says of its occupancy (registers, local memory). */
#ifndef LM_KCOUNT_H
#define LM_KCOUNT_H

#include <stdio.h>
#include "asm/count.h"
#include "bench/device.h"
#include "bench/userkernel.h"
#include "base/file.h"

/* The source of spec (a suite name, FILE.cl:NAME or FILE.cl as for
 * measure --kernel; a FILE.cl:NAME needs no description) in a new string
 * (free() it), its kernel function's name and a label; args (NULL: not
 * asked) gets its description's scalars (lm_kcount_args_of) where one
 * reads, at problem size size (0: the description's). */
lm_status lm_kcount_source(const char *spec, const char *kernel_dir, double size, char **source, char *name,
			 size_t name_size, char *label, size_t label_size, lm_count_args *args);

/* Counts the main loop of kernel name in src: built offline for isa (an
 * AMD or Intel target) where given, else by device d where given and its
 * build is text (NVIDIA's PTX), else by clang's NVPTX backend; listing
 * (NULL: none) gets what was counted. m's from names the build; LM_EPARSE
 * with the reason where the loop cannot be counted, LM_ETOOL where a
 * compiler is missing. args (NULL: none): scalar arguments' values the
 * lanes are followed with (PTX only). ctx: a context on d to build in (a context costs
 * NVIDIA about 0.3 s); NULL: one of its own. */
lm_status lm_kcount_count(const char *src, const char *name, const lm_count_args *args, const char *isa,
			const lm_device *d, cl_context ctx, FILE *listing, lm_count *m);

/* Where m counts a loop of kernel name of ptx (not a body without one), reads
 * ptxas's machine code of it (bench/offline.h's lm_offline_sass) and
 * counts the times ptxas unrolled that loop again into m (ptxas_unroll,
 * unroll, sass_loads); m->sass says what read it, or why nothing did. */
void lm_kcount_sass(const char *ptx, const char *name, lm_count *m);

/* The scalar arguments of d whose value = is a whole number, the same at
 * N and N / 2 (both launches of a point), or the launch's global size
 * along x at both (grid), at their positions in kernel d->name's parameter
 * list in src: what the lanes are followed with. */
void lm_kcount_args_of(const lm_user_desc *d, const char *src, lm_count_args *out);

/* What d says a work-item of its launch runs at its size d->size: its
 * loop's trip count (trip =, 1 or more), and where it launches as written
 * its work-items and the elements of each (zeros where it does not say):
 * what measure writes into a kernel's count file and latmix report prices
 * it by. */
lm_count_work lm_kcount_work_of(const lm_user_desc *d);

/* Adds to out the values list gives, "NAME=V,NAME=V" (predict's --arg,
 * a count queue's BASE.args): NAME a parameter's position (0, 1, ...) or
 * its name in kernel name's parameter list in src (NULL: positions only),
 * V a whole number a 32-bit integer holds or "grid" (the launch's size
 * along x); for a pointer argument "cached" (the device's global-memory
 * cache holds its array) or "bytes:N" (its array's bytes). LM_EUSAGE
 * saying which entry is wrong. */
lm_status lm_kcount_parse_args(const char *list, const char *src, const char *name, lm_count_args *out);

/* args as lm_kcount_parse_args reads them, by position ("" where none). */
void lm_kcount_put_args(FILE *f, const lm_count_args *args);

/* The source a kernel's description names, in a new string. */
lm_status lm_kcount_desc_source(const lm_user_desc *d, const char *kernel_dir, char **source);

/* The device's build of source, as latmix measures it, as text (PTX) in a
 * new string; NULL with LM_OK where the device's binary is not text.
 * limit (may be NULL) gets what the build allows kernel name: its largest
 * work-group and local memory a group, and on NVIDIA its registers a thread,
 * which regs (may be NULL) gets as numbers. */
lm_status lm_kcount_device_listing(const lm_device *d, cl_context ctx, const char *source, const char *name,
				 char **text, char *limit, size_t limit_size, lm_count_regs *regs);


/* Is spec FILE.ptx:NAME, a PTX listing (nvcc's, a driver's) to count as
 * it is? */
bool lm_kcount_is_listing(const char *spec);

/* Counts kernel NAME's main loop in the PTX listing FILE of spec
 * (FILE.ptx:NAME); listing (NULL: none) gets the file's text. */
lm_status lm_kcount_listing(const char *spec, FILE *listing, const lm_count_args *args, lm_count *m);

/* Counts kernel name of src (read: how reading src went; not LM_OK: no
 * count, that status) on d in ctx, where ctx's build fails (a kernel's
 * context a fault broke) once more in a context of its own (ctx NULL: its
 * own only), as measure --kernel keeps it: m labelled label, *listing the
 * listing it read (free() it), why the reason where it was not counted.
 * The count's status. */
lm_status lm_kcount_keep(lm_status read, const char *src, const char *name, const char *label,
			 const lm_count_args *args, const lm_device *d, cl_context ctx, lm_count *m, char **listing,
			 char *why, size_t why_size);

/* What a count (status s, its reason why) says on stderr, on say: that
 * it could not be counted, or that ptxas spills under latmix's cap. */
void lm_kcount_say(FILE *say, lm_status s, const lm_count *m, const char *why);

/* The count (status s: m, else why) and the listing it read, as measure
 * --kernel keeps them: DIR/BASE.txt and DIR/BASE.ini (written whole,
 * never over one of inputs; NULL: none). */
lm_status lm_kcount_write_files(const char *dir, const char *base, const lm_file_inputs *inputs, lm_status s,
				const lm_count *m, const char *why, const char *listing);

/* Bytes of a record of the count queue: "BASE\tNAME\tLABEL", NUL-padded;
 * kernel NAME's source is DIR/BASE.cl, its scalar arguments' values
 * DIR/BASE.args (lm_kcount_put_args; none where it is missing). */
#define LM_KCOUNT_RECORD 512

/* Counts the kernels named by the records read from fd (several
 * processes may share it) in one context on d, each into DIR/BASE.txt,
 * DIR/BASE.ini and DIR/BASE.say (what it says on stderr); then, where
 * DIR/BASE.desc holds its description, builds it as the sweep will
 * (lm_user_warm_build), for the driver's cache. */
lm_status lm_kcount_queue(const lm_device *d, int fd, const char *dir);

/* Writes kernel desc's description into DIR/BASE.desc for a process
 * counting it ahead (the same latmix, so its bytes as they are). */
lm_status lm_kcount_put_desc(const char *dir, const char *base, const lm_user_desc *desc);

#endif
