#include "base/error.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static _Thread_local char last_message[1024];

lm_status lm_fail(lm_status s, const char *fmt, ...)
{
	/* formatted apart first: a message may quote the last one */
	char text[sizeof last_message];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(text, sizeof text, fmt, ap);
	va_end(ap);
	memcpy(last_message, text, sizeof text);
	return s;
}

lm_status lm_fail_cl(cl_int err, const char *call, const char *what)
{
	return lm_fail(LM_ECL, "%s: %s (%d)%s%s", call, lm_cl_error_name(err),
		       (int)err, what ? ": " : "", what ? what : "");
}

const char *lm_error_message(void)
{
	return last_message;
}

void lm_error_clear(void)
{
	last_message[0] = '\0';
}

const char *lm_status_name(lm_status s)
{
	static const char *const names[] = {
		[LM_OK] = "LM_OK", [LM_EUSAGE] = "LM_EUSAGE", [LM_EIO] = "LM_EIO",
		[LM_EPARSE] = "LM_EPARSE", [LM_ECL] = "LM_ECL",
		[LM_ENOMEM] = "LM_ENOMEM", [LM_EDEVICE] = "LM_EDEVICE",
		[LM_ECHECK] = "LM_ECHECK", [LM_EFIT] = "LM_EFIT",
		[LM_ETOOL] = "LM_ETOOL", [LM_ESTOP] = "LM_ESTOP",
	};
	if ((unsigned)s < sizeof names / sizeof names[0] && names[s])
		return names[s];
	return "LM_UNKNOWN";
}

int lm_status_exit_code(lm_status s)
{
	return s == LM_OK ? 0 : s == LM_EUSAGE ? 2 : s == LM_ESTOP ? 130 : 1;
}

#define E(x) { x, #x }
static const struct {
	cl_int code;
	const char *name;
} cl_errors[] = {
	E(CL_SUCCESS), E(CL_DEVICE_NOT_FOUND), E(CL_DEVICE_NOT_AVAILABLE),
	E(CL_COMPILER_NOT_AVAILABLE), E(CL_MEM_OBJECT_ALLOCATION_FAILURE),
	E(CL_OUT_OF_RESOURCES), E(CL_OUT_OF_HOST_MEMORY),
	E(CL_PROFILING_INFO_NOT_AVAILABLE), E(CL_MEM_COPY_OVERLAP),
	E(CL_IMAGE_FORMAT_MISMATCH), E(CL_IMAGE_FORMAT_NOT_SUPPORTED),
	E(CL_BUILD_PROGRAM_FAILURE), E(CL_MAP_FAILURE),
	E(CL_MISALIGNED_SUB_BUFFER_OFFSET),
	E(CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST),
	E(CL_COMPILE_PROGRAM_FAILURE), E(CL_LINKER_NOT_AVAILABLE),
	E(CL_LINK_PROGRAM_FAILURE), E(CL_DEVICE_PARTITION_FAILED),
	E(CL_KERNEL_ARG_INFO_NOT_AVAILABLE), E(CL_INVALID_VALUE),
	E(CL_INVALID_DEVICE_TYPE), E(CL_INVALID_PLATFORM), E(CL_INVALID_DEVICE),
	E(CL_INVALID_CONTEXT), E(CL_INVALID_QUEUE_PROPERTIES),
	E(CL_INVALID_COMMAND_QUEUE), E(CL_INVALID_HOST_PTR),
	E(CL_INVALID_MEM_OBJECT), E(CL_INVALID_IMAGE_FORMAT_DESCRIPTOR),
	E(CL_INVALID_IMAGE_SIZE), E(CL_INVALID_SAMPLER), E(CL_INVALID_BINARY),
	E(CL_INVALID_BUILD_OPTIONS), E(CL_INVALID_PROGRAM),
	E(CL_INVALID_PROGRAM_EXECUTABLE), E(CL_INVALID_KERNEL_NAME),
	E(CL_INVALID_KERNEL_DEFINITION), E(CL_INVALID_KERNEL),
	E(CL_INVALID_ARG_INDEX), E(CL_INVALID_ARG_VALUE), E(CL_INVALID_ARG_SIZE),
	E(CL_INVALID_KERNEL_ARGS), E(CL_INVALID_WORK_DIMENSION),
	E(CL_INVALID_WORK_GROUP_SIZE), E(CL_INVALID_WORK_ITEM_SIZE),
	E(CL_INVALID_GLOBAL_OFFSET), E(CL_INVALID_EVENT_WAIT_LIST),
	E(CL_INVALID_EVENT), E(CL_INVALID_OPERATION), E(CL_INVALID_GL_OBJECT),
	E(CL_INVALID_BUFFER_SIZE), E(CL_INVALID_MIP_LEVEL),
	E(CL_INVALID_GLOBAL_WORK_SIZE), E(CL_INVALID_PROPERTY),
	E(CL_INVALID_IMAGE_DESCRIPTOR), E(CL_INVALID_COMPILER_OPTIONS),
	E(CL_INVALID_LINKER_OPTIONS), E(CL_INVALID_DEVICE_PARTITION_COUNT),
	{ -1001, "CL_PLATFORM_NOT_FOUND_KHR" },
};
#undef E

const char *lm_cl_error_name(cl_int err)
{
	for (size_t i = 0; i < sizeof cl_errors / sizeof cl_errors[0]; i++)
		if (cl_errors[i].code == err)
			return cl_errors[i].name;
	return "CL_UNKNOWN_ERROR";
}
