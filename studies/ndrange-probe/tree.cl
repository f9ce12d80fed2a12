/* A reduction's tree alone, sixteen times a group, so that its groups live
 * long enough not to be bound by their dispatch (studies/dot-top: does a
 * tree in local memory run slower where the rest of the SM's storage is
 * local memory too?): tree16 halves its group's sums in local memory,
 * a barrier each turn; bar16 takes the same barriers with no local memory
 * read or written between them. One element read a work-item, one sum
 * written a group. */
__kernel void tree16(__global float *restrict out, __global const float *restrict x, const uint n,
		     __local float *part)
{
	const size_t g = get_global_id(0), l = get_local_id(0);
	float s = x[g];
	for (int r = 0; r < 16; r++) {
		part[l] = s;
		for (size_t span = get_local_size(0) / 2; span > 0; span /= 2) {
			barrier(CLK_LOCAL_MEM_FENCE);
			if (l < span)
				part[l] += part[l + span];
		}
		barrier(CLK_LOCAL_MEM_FENCE);
		s = part[0] * 0.5f + s;
		barrier(CLK_LOCAL_MEM_FENCE);
	}
	if (l == 0)
		out[get_group_id(0)] = s;
}

__kernel void bar16(__global float *restrict out, __global const float *restrict x, const uint n,
		    __local float *part)
{
	const size_t g = get_global_id(0), l = get_local_id(0);
	float s = x[g];
	for (int r = 0; r < 16; r++) {
		for (size_t span = get_local_size(0) / 2; span > 0; span /= 2) {
			barrier(CLK_LOCAL_MEM_FENCE);
			s = s * 0.5f + 1.0f;
		}
		barrier(CLK_LOCAL_MEM_FENCE);
		barrier(CLK_LOCAL_MEM_FENCE);
	}
	if (l == 0)
		out[get_group_id(0)] = s;
}

/* Eight reads a work-item a grid apart (as fronts8), then: the tree
 * (readtree), the tree's barriers alone (readbar), or its local store
 * and one barrier (readone); the first work-item stores the group's sum. */
#define READ8                                                    \
	const size_t g = get_global_id(0), stride = get_global_size(0); \
	const size_t l = get_local_id(0);                               \
	float s = 0.0f;                                                 \
	for (size_t k = 0; k < 8; k++)                                  \
		s += x[g + k * stride];

__kernel void readtree(__global float *restrict out, __global const float *restrict x, const uint n,
		       __local float *part)
{
	READ8
	part[l] = s;
	for (size_t span = get_local_size(0) / 2; span > 0; span /= 2) {
		barrier(CLK_LOCAL_MEM_FENCE);
		if (l < span)
			part[l] += part[l + span];
	}
	if (l == 0)
		out[get_group_id(0)] = part[0];
}

__kernel void readbar(__global float *restrict out, __global const float *restrict x, const uint n,
		      __local float *part)
{
	READ8
	for (size_t span = get_local_size(0) / 2; span > 0; span /= 2) {
		barrier(CLK_LOCAL_MEM_FENCE);
		s = s * 0.5f + 1.0f;
	}
	if (l == 0)
		out[get_group_id(0)] = s;
}

__kernel void readone(__global float *restrict out, __global const float *restrict x, const uint n,
		      __local float *part)
{
	READ8
	part[l] = s;
	barrier(CLK_LOCAL_MEM_FENCE);
	if (l == 0)
		out[get_group_id(0)] = part[0] + part[get_local_size(0) - 1];
}
