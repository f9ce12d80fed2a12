/* clerror: OpenCL's error codes by name, and a failed OpenCL call as
 * latmix's error (base/error.h holds no OpenCL). */
#ifndef LM_CLERROR_H
#define LM_CLERROR_H

#include "config.h"
#include <CL/cl.h>
#include "base/error.h"

/* Records a failed OpenCL call: "<call>: <CL_ERROR_NAME> (<code>)[: what]". */
lm_status lm_fail_cl(cl_int err, const char *call, const char *what);

/* Name of an OpenCL error code ("CL_INVALID_KERNEL_NAME"), or "CL_UNKNOWN_ERROR". */
const char *lm_cl_error_name(cl_int err);

#endif
