#!/bin/sh
# ndsuite_oclgrind.sh: ndsuite_check (its arguments) under oclgrind, which
# reports each nd kernel's out-of-bounds accesses, data races and
# uninitialised reads; any such report fails the test, as does a wrong value.
out=$(oclgrind --data-races "$@" 2>&1)
rc=$?
printf '%s\n' "$out"
if printf '%s\n' "$out" | grep -qE '^(Invalid (read|write)|Read-write data race|Write-write data race|Uninitialized value|Work-group divergence)'; then
	echo "ndsuite_oclgrind: oclgrind reported an error above" >&2
	exit 1
fi
exit $rc
