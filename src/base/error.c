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
