/* error: status codes and the last error's message (OpenCL's error names:
 * bench/clerror.h). */
#ifndef LM_ERROR_H
#define LM_ERROR_H

#include "config.h"

typedef enum {
	LM_OK = 0,
	LM_EUSAGE,   /* bad command line or argument value */
	LM_EIO,      /* a file could not be read or written */
	LM_EPARSE,   /* a file's contents are malformed */
	LM_ECL,      /* an OpenCL call failed */
	LM_ENOMEM,   /* out of host memory */
	LM_EDEVICE,  /* the device cannot do what was asked */
	LM_ECHECK,   /* a result failed verification (wrong number caught) */
	LM_EFIT,     /* the fit failed */
	LM_ETOOL,    /* an external tool (offline compiler) is missing or failed */
	LM_ESTOP     /* stopped by the user (Ctrl-C) */
} lm_status;

/* Records a message for the last error and returns s, so a failing function
 * can `return lm_fail(LM_EIO, "%s: %s", path, strerror(errno));`. */
lm_status lm_fail(lm_status s, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* The message recorded by the last lm_fail(), or "" if none. */
const char *lm_error_message(void);

/* Forgets the last error. */
void lm_error_clear(void);

/* "LM_EIO" and so on. */
const char *lm_status_name(lm_status s);

/* Exit status the command-line tool uses for s: 0 ok, 2 usage, 130 stopped
 * (as a shell says of Ctrl-C), 1 otherwise. */
int lm_status_exit_code(lm_status s);

#endif
