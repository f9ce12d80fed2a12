/* Reads as people write them, K loads a work-item a grid apart (as nd-dot
 * reads x and y), their sum stored: what a step of K coalesced loads in
 * flight costs a kernel as written at few warps, against the chase's
 * mem_lat + chain_lat log2 K (studies/written-step). */
#define READS(NAME, K)                                                                          \
	__kernel void NAME(__global float *restrict y, __global const float *restrict x, const uint n) \
	{                                                                                       \
		const size_t g = get_global_id(0), stride = get_global_size(0);                \
		float s = 0.0f;                                                                 \
		for (size_t k = 0; k < (K); k++)                                                \
			s += x[g + k * stride];                                                 \
		if (g < n)                                                              \
			y[g] = s;                                                               \
	}

READS(reads1, 1)
READS(reads2, 2)
READS(reads4, 4)
READS(reads8, 8)
READS(reads16, 16)
READS(reads32, 32)
READS(reads3, 3)
READS(reads5, 5)
READS(reads6, 6)
READS(reads12, 12)
