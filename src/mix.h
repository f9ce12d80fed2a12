/* mix: the experiments, each described once. Every derived figure (IPC,
 * bytes per second, cycles per group) comes from these counts. */
#ifndef LM_MIX_H
#define LM_MIX_H

typedef struct {
	const char *name;         /* as given to --mix */
	const char *kernel_file;  /* in cl/ */
	const char *kernel;       /* function name */
	unsigned bytes_per_lane;  /* bytes one lane requests per memory instruction */
	unsigned lines_per_load;  /* lines one warp's memory instruction touches */
	const char *description;
} lm_mix;

/* The mix called name, or NULL. */
const lm_mix *lm_mix_find(const char *name);

/* The names of all mixes, comma-separated, for messages. */
const char *lm_mix_names(void);

#endif
