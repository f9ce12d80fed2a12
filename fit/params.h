/* params: the parameter file, an INI file holding the model's parameters
 * for one device with units, standard errors, device identity and
 * provenance. Written and read back losslessly. */
#ifndef LM_PARAMS_H
#define LM_PARAMS_H

#include "fit/model.h"
#include "base/error.h"
#include "base/file.h"

#define LM_PARAMS_FORMAT 1
#define LM_PARAMS_TEXT 160 /* longest string field, so a line stays short */

typedef enum {
	LM_PARAM_ALU_LAT,
	LM_PARAM_MEM_LAT,
	LM_PARAM_ALU_THRU,
	LM_PARAM_MEM_THRU,
	LM_PARAM_ISSUE_THRU,
	LM_PARAM_CHAIN_LAT,
	LM_PARAM_ISSUE_COST,
	LM_PARAM_KNEE,
	LM_PARAM_MISALIGNED,
	LM_PARAM_MISALIGNED_STORE,
	LM_PARAM_STORE_THRU,
	LM_PARAM_STORE_STEP,
	LM_PARAM_DISPATCH_THRU,
	LM_PARAM_GROUP_COST,
	LM_PARAM_L1_THRU,
	LM_PARAM_CACHE_LAT,
	LM_PARAM_CACHE_THRU,
	LM_PARAM_CACHE_BYTES,
	LM_PARAM_CACHE_CHAIN_LAT,
	LM_PARAM_SCATTER_STORE_THRU,
	LM_PARAM_LMEM_LAT,
	LM_PARAM_WRITTEN_READ_THRU,
	LM_PARAM_WRITTEN_COPY_THRU,
	LM_PARAM_GROUP_WAIT_4,
	LM_PARAM_GROUP_WAIT_8,
	LM_PARAM_GROUP_WAIT_16,
	LM_PARAM_GROUP_WAIT_32,
	LM_PARAM_COUNT
} lm_param_id;

/* Memory kinds: each mix that replaces the load (gmem, lmem, sfu, ...) is a
 * kind with its own mem_lat, mem_thru, chain_lat, issue_cost and knee; the other
 * parameters are shared. A file's [mem_lat] etc. hold its default kind
 * ([kinds] default); every other kind K has sections [mem_lat.K] ... */
#define LM_PARAMS_MAX_KINDS 8
#define LM_PARAMS_KIND_NAME 16



/* Figures derived from a fit ([derived]), in warps per CU unless the key
 * says otherwise; NAN where not known or, for _data, not reached. */
typedef enum {
	LM_DERIVED_MEM_WARPS_90_MODEL, /* alpha = 0, 90% of mem_thru */
	LM_DERIVED_MEM_WARPS_95_MODEL,
	LM_DERIVED_MEM_WARPS_90_DATA,  /* first crossing of the measured curve */
	LM_DERIVED_MEM_WARPS_95_DATA,
	LM_DERIVED_ALU_WARPS_90_MODEL, /* alpha = inf, 90% of the arithmetic peak */
	LM_DERIVED_ALU_WARPS_95_MODEL,
	LM_DERIVED_ALU_WARPS_90_DATA,
	LM_DERIVED_ALU_WARPS_95_DATA,
	LM_DERIVED_CUSP_ALPHA_MODEL,   /* adds per load */
	LM_DERIVED_CUSP_WARPS_MODEL,
	LM_DERIVED_CUSP_ALPHA_DATA,
	LM_DERIVED_CUSP_WARPS_DATA,
	LM_DERIVED_RATIO_90_MODEL,     /* memory / arithmetic warps at 90%, 1 */
	LM_DERIVED_RATIO_90_DATA,
	LM_DERIVED_COUNT
} lm_derived_id;

/* How a value is to be read. */
typedef enum {
	LM_PARAM_VALUE,    /* a number (fitted or taken from a source) */
	LM_PARAM_MISSING,  /* unknown: value is NAN */
	LM_PARAM_AT_LEAST, /* the data only show a lower bound */
	LM_PARAM_AT_MOST,  /* the data only show an upper bound */
	LM_PARAM_TIED      /* not separable from another parameter (note says) */
} lm_param_kind;

typedef struct {
	double value;      /* NAN when missing */
	double std_error;  /* same unit as value; NAN when not known */
	lm_param_kind kind;
	char note[LM_PARAMS_TEXT]; /* where it comes from, or why a bound */
} lm_param;

typedef struct {
	char name[LM_PARAMS_KIND_NAME]; /* a mix name, not stream */
	lm_param p[LM_PARAM_COUNT];     /* per-kind ids only; the rest missing */
} lm_params_kind;

typedef struct {
	/* [latmix] provenance */
	int format;
	char tool_version[32];
	char origin[32];               /* "reference", "fit" */
	char source[LM_PARAMS_TEXT];   /* what the numbers come from */
	char created[32];              /* ISO 8601 UTC */
	char model[16];                /* "basic" or "refined" */
	/* [device] */
	char device[LM_PARAMS_TEXT];
	char vendor[LM_PARAMS_TEXT];
	char driver[64];
	int simd_width;                /* lanes per warp; 0: unknown */
	int compute_units;             /* 0: unknown */
	double clock_mhz;              /* NAN: unknown */
	char clock_source[128];
	/* the parameters, indexed by lm_param_id */
	lm_param p[LM_PARAM_COUNT];
	/* [kinds], optional: the kind of the parameters above; "": not named */
	char default_kind[LM_PARAMS_KIND_NAME];
	int nkinds;                    /* further kinds, in file order */
	lm_params_kind kinds[LM_PARAMS_MAX_KINDS];
	/* [fit], optional: how well a fit matches its data (relative errors) */
	int fit_points;                /* 0: not a fit */
	double fit_rms, fit_max;       /* (model - measured) / measured */
	double fit_aic;
	char fit_quality[LM_PARAMS_TEXT]; /* "good", or "poor: ..." */
	char fit_loss[256];            /* the loss used (lm_fit_loss_text) */
	char fit_flags[640];           /* disagreements with direct measurements, "" if none */
	char fit_preferred[16];        /* the model the data prefer */
	char fit_preference[LM_PARAMS_TEXT]; /* why */
	/* the same model fitted without and with a per-kind issue cost; NAN:
	 * not compared */
	double fit_rms_no_cost, fit_aic_no_cost, fit_rms_cost, fit_aic_cost;
	char fit_cost_preference[LM_PARAMS_TEXT];
	/* [derived], optional, indexed by lm_derived_id */
	double derived[LM_DERIVED_COUNT];
} lm_params;

/* Key ("alu_lat"), unit ("cycles") and a one-line meaning of a parameter. */
const char *lm_param_key(lm_param_id id);
const char *lm_param_unit(lm_param_id id);
const char *lm_param_meaning(lm_param_id id);

/* Is the parameter kept per memory kind (mem_lat, mem_thru, chain_lat,
 * issue_cost, knee)? */
bool lm_param_per_kind(lm_param_id id);

/* Is the parameter measured directly by the sweep rather than fitted
 * by the chase's model (misaligned, misaligned_store; store_thru,
 * store_step; dispatch_thru, group_cost: lm_fit_measured)? */
bool lm_param_measured(lm_param_id id);

/* Is it one of group_wait_4 to group_wait_32 (a share, 0 allowed)? */
bool lm_param_group_wait(lm_param_id id);

/* Is name a memory kind a parameter file may hold (a mix other than
 * stream)? */
bool lm_params_kind_known(const char *name);

/* Key of a derived figure ("mem_warps_90_model"). */
const char *lm_derived_key(lm_derived_id id);

/* Name of a kind: "value", "missing", "at_least", "at_most", "tied". */
const char *lm_param_kind_name(lm_param_kind k);

/* A parameter set with every field empty or missing, format current. */
lm_params lm_params_empty(void);

/* The model's inputs: absent or missing parameters become NAN. */
lm_model_params lm_params_model(const lm_params *ps);

/* The model's inputs for memory kind kind (NULL: the default kind): the
 * shared parameters with that kind's memory ones. LM_EUSAGE, naming path,
 * if the file does not hold the kind. */
lm_status lm_params_model_kind(const lm_params *ps, const char *path, const char *kind,
			       lm_model_params *out);

/* The file's kinds a kernel's accesses are priced by: its store kinds
 * (those whose mix stores, lm_mix_store_share), by share (none: n is 0),
 * and its scattered kind (a mix whose every lane loads a line of its own:
 * gmem-random; none: scatter's mem_thru 0). */
lm_model_kinds lm_params_kernel_kinds(const lm_params *ps);

/* Reads path. On a malformed file returns LM_EPARSE with a message naming
 * the file, the line and the key; *out is then unchanged. */
lm_status lm_params_read(const char *path, lm_params *out);

/* Writes path whole or not at all (lm_file_create), refusing to write over
 * one of inputs (may be NULL). What could not be read back as it is is
 * refused: strings with a newline, ';', '#', leading or trailing blanks;
 * numbers outside what the reader takes. */
lm_status lm_params_write(const char *path, const lm_params *ps, const lm_file_inputs *inputs);

#endif
