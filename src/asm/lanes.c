/* lanes: how a kernel's loop's global loads and stores meet the lines and
 * sectors of memory, from how their addresses vary across a warp's lanes
 * (lane.c), and which arguments it reads and writes (ptx.h). */
#include "asm/lane_parts.h"
#include "base/number.h"

#include <stdio.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* The bytes NVIDIA's L2 brings from DRAM for a load whose lanes lie a
 * sector or more apart. CUDA's runtime names this the L2's fetch
 * granularity, a hint of 0 to 128 bytes (cudaLimitMaxL2FetchGranularity,
 * which OpenCL cannot set); what NVIDIA's OpenCL leaves it at was
 * measured: on an H200 and an H100 a float loaded every 32 and every 64
 * bytes ran within 7.5% RMS of its span's price, 32 and 64 bytes a lane,
 * and 29-63% off gmem-random's, while one every 256 bytes ran at
 * gmem-random's (studies/strided/lease2/). */
#define FETCH_BYTES 64

/* floor(x / d) for d > 0 */
static long floor_div(long x, long d)
{
	return x >= 0 ? x / d : -((-x + d - 1) / d);
}

/* The pieces of unit bytes (a 32-byte sector, a 128-byte line) a warp's
 * access of b bytes a lane touches, its lanes over rows of a group width
 * wide (l's strides; width 0: along x alone), its first address start
 * bytes into a piece. Lanes a number apart known only at run time, or
 * further than a line, are in pieces of their own: each such column (row)
 * counted apart. */
static long row_pieces(lane l, long b, unsigned width, long unit, long start)
{
	width = width ? width : WARP_LANES;
	bool far_x = l.form == LANE_SCALED || lm_lane_magnitude(l.stride) > LINE_BYTES;
	bool far_y = l.yscaled || lm_lane_magnitude(l.ystride) > LINE_BYTES;
	long key[WARP_LANES * 4], nkey = 0;
	for (long k = 0; k < WARP_LANES; k++) {
		long i = k % width, j = k / width;
		long at = start + (far_x ? 0 : l.stride * i) + (far_y ? 0 : l.ystride * j);
		long apart = (far_x ? i : 0) * WARP_LANES + (far_y ? j : 0);
		for (long s = floor_div(at, unit); s <= floor_div(at + b - 1, unit); s++) {
			/* pieces of one column (row) lie within 32 lanes of a line apart */
			long id = apart * 1024 + s + 512, q = 0;
			while (q < nkey && key[q] != id)
				q++;
			if (q == nkey && nkey < WARP_LANES * 4)
				key[nkey++] = id;
		}
	}
	return nkey;
}

static long row_sectors(lane l, long b, unsigned width)
{
	return row_pieces(l, b, width, SECTOR_BYTES, 0);
}

/* The 128-byte lines a warp's load (l, b bytes a lane at offset) asks L1
 * for, its lanes over rows of a group width wide (0: along x alone): one
 * request a line, hit or not. Its first lane's place in a line where that
 * is known (see lane), else on a line's start. */
static long load_lines(lane l, long b, long offset, unsigned width)
{
	long start = l.mod % LINE_BYTES == 0 ? lm_lane_residue(l.res % LINE_BYTES + offset % LINE_BYTES, LINE_BYTES) : 0;
	return row_pieces(l, b, width < WARP_LANES ? width : 0, LINE_BYTES, start);
}

/* The bytes a lane of a coalesced load (l, b bytes a lane) does not move
 * where its group is narrower than a warp and the warp's rows read the same
 * columns (a matmul's row of B, the same for every row of the group): its
 * warp touches fewer sectors than its bytes fill, a lane's share of them
 * what it moves. 0 where it fills them, or lanes run along x alone. */
static long narrow_bytes(lane l, long b, unsigned width)
{
	if (!width || width >= WARP_LANES || l.form != LANE_AFFINE || l.stride == 0 || lm_lane_magnitude(l.stride) > b)
		return 0;
	long moved = row_sectors(l, b, width) * SECTOR_BYTES / WARP_LANES;
	return moved < b ? b - moved : 0;
}

/* Where a coalesced access (lanes bytes apart, l its address) starts its
 * warp within a 128-byte line, known where the warp's first address is
 * known modulo a line (see lane); -1 where it is not. Off 0, the warp
 * straddles one line more than its bytes fill. */
static long line_offset(lane l, long offset, long bytes)
{
	if (l.form != LANE_AFFINE || lm_lane_magnitude(l.stride) != bytes || !bytes || l.mod % LINE_BYTES != 0)
		return -1;
	return lm_lane_residue(l.res % LINE_BYTES + offset % LINE_BYTES, LINE_BYTES);
}

/* Counts a load with lines of its own (lanes l) and the pointer argument
 * it reads, where traced to one. */
static void own_load(const ptx_inst *v, lane l, lm_count *m)
{
	int arg = l.origin ? v[l.origin - 1].param : -1;
	m->own_loads++;
	if (arg >= 0 && arg < LM_COUNT_MAX_ARGS && m->arg_loads[arg] < UCHAR_MAX)
		m->arg_loads[arg]++;
}

/* Which pointer argument each global access of the kernel (v, nv
 * instructions, in order) reads or writes, an atomic both, into m->args:
 * the lanes followed through the whole body twice (the second pass sees
 * what loops carried round); an access not traced to an argument clears
 * traced. */
void lm_ptx_args(const ptx_inst *v, size_t nv, lm_count *m)
{
	lane_reg *t = calloc(LANE_SLOTS, sizeof *t);
	m->args = (lm_count_uses){ 0 };
	if (!t)
		return;
	size_t n = 0;
	lm_lane_seed_args(t, &n, &m->scalars);
	for (int pass = 0; pass < 2; pass++) {
		m->args = (lm_count_uses){ .traced = true };
		for (size_t i = 0; i < nv; i++) {
			const ptx_inst *in = &v[i];
			if (!in->op[0] || in->target[0])
				continue;
			ptx_kind k = lm_ptx_classify(in->op);
			if (k == K_CLOAD)
				k = K_LOAD; /* a constant pointer's, or the program's own table */
			if (k == K_LOAD || k == K_STORE || k == K_ATOMIC) {
				lane l = in->base[0] ? lm_lane_operand(t, n, in->base) : VARIES;
				int arg = l.origin ? v[l.origin - 1].param : -1;
				bool table = lm_ptx_classify(in->op) == K_CLOAD && arg < 0;
				if (arg < 0 || arg >= 64)
					m->args.traced &= table;
				else {
					m->args.loaded |= (unsigned long long)(k != K_STORE) << arg;
					m->args.stored |= (unsigned long long)(k != K_LOAD) << arg;
				}
			}
			lm_lane_set(t, &n, in, lm_lane_eval(in, i, t, n));
		}
	}
	free(t);
}

/* Is a store (k, its lanes l) one whose rows complete its sectors: its
 * rows under a sector apart (a transpose's out[c * rows + r], r the row),
 * so the warps of the group's other rows, or of the groups launched beside
 * it where the group is one row, store a sector's other words while it
 * waits in the cache? */
static bool rows_merge(ptx_kind k, lane l)
{
	return k == K_STORE && !l.yscaled && l.ystride != 0 && lm_lane_magnitude(l.ystride) < SECTOR_BYTES;
}

/* Sorts a warp's access whose lanes lie over rows of its group (l, b bytes
 * a lane) by the sectors it touches: no more than its bytes fill
 * (coalesced: each row's run of lanes whole sectors), one a lane
 * (scattered), or between (split: its request splits into a sector each
 * row's or column's run, a transpose's store). */
static void sort_rows(ptx_kind k, lane l, long b, unsigned width, lm_count *m)
{
	if (k == K_LOAD && l.form == LANE_AFFINE && l.stride == 0)
		return; /* a word a row, each read by every warp at that index: a hit (below) */
	long sectors = row_sectors(l, b, width), least = (WARP_LANES * b + SECTOR_BYTES - 1) / SECTOR_BYTES;
	double scattered = WARP_LANES * (b > SECTOR_BYTES ? (double)b / SECTOR_BYTES : 1.0);
	if (sectors <= least)
		return;
	if ((double)sectors >= scattered) {
		*(k == K_LOAD ? &m->scattered_loads : &m->scattered_stores) += 1;
		m->merged_stores += rows_merge(k, l);
	} else if (k == K_LOAD) {
		m->split_loads++;
		m->split_load_sectors += (double)sectors / scattered;
	} else {
		m->split_stores++;
		m->split_store_sectors += (double)sectors / scattered;
		m->merged_stores += rows_merge(k, l) ? (double)sectors / scattered : 0;
	}
}

/* Sorts one global load or store (k, its address's lanes l, b bytes a
 * lane) into m's figures, its lanes over rows of a group width wide where
 * they vary along them; returns a strided one's gap bytes (0: none). An
 * address read from memory on the loop's path is a gather (a scatter):
 * its lanes anywhere, each its own sector, as scattered ones are priced.
 * One off a base each lane read before the loop is that lane's own run
 * (CSR's col[k] from row_ptr[r]): where the runs lie latmix cannot say,
 * so it is priced as coalesced, at a line a lane asked of L1; so is a
 * load whose lanes step through rows of their own (run: walks_own_run),
 * at the lines its lanes lie in (a line a lane where its rows are a number
 * apart known only at run time). */
static long sort_access(ptx_kind k, lane l, long b, long offset, unsigned width, bool run, lm_count *m)
{
	long s = lm_lane_magnitude(l.stride);
	m->row_stores += rows_merge(k, l);
	if (l.form == LANE_VARIES && l.data == DATA_PATH) { /* a gather (scatter): a sector a lane */
		m->gathered += k == K_LOAD;
		*(k == K_LOAD ? &m->scattered_loads : &m->scattered_stores) += 1;
	} else if ((l.form == LANE_VARIES && l.data == DATA_BEFORE) || run)
		m->own_runs++;
	else if (l.form == LANE_VARIES)
		m->unfollowed++;
	else if (lm_lane_has_rows(l) && width && width < WARP_LANES)
		sort_rows(k, l, b, width, m);
	else if (l.form == LANE_SCALED || s > FETCH_BYTES || (k != K_LOAD && s >= SECTOR_BYTES)) {
		*(k == K_LOAD ? &m->scattered_loads : &m->scattered_stores) += 1;
		m->merged_stores += rows_merge(k, l);
	} else if (s > b)
		return s - b;
	else if (line_offset(l, offset, b) > 0) {
		*(k == K_LOAD ? &m->misaligned_loads : &m->misaligned_stores) += 1;
		m->partial_stores += k == K_STORE && line_offset(l, offset, b) % SECTOR_BYTES;
	}
	return 0;
}

/* The bytes a lane's loads off register base read each turn of the loop
 * (the path ix, nix instructions): its run's words a turn, where unrolled
 * copies read the next ones off the same register. */
static long run_bytes(const ptx_inst *v, const size_t *ix, size_t nix, const char *base)
{
	long bytes = 0;
	for (size_t p = 0; p < nix; p++)
		if (lm_ptx_classify(v[ix[p]].op) == K_LOAD && strcmp(v[ix[p]].base, base) == 0)
			bytes += (long)lm_ptx_bytes(v[ix[p]].op);
	return bytes;
}

/* Does load in (l its address's lanes, b bytes a lane) whose lanes lie
 * further apart than its bytes (a row apart known only at run time, or a
 * stride past them) walk each lane's own run: its address gains no more
 * each turn of the loop than the lane's loads off it read (run_bytes over
 * the path ix), so the next turns read the rest of the lines this one
 * brought (rowsum's A[i * cols + k], lanes a row apart, k++)? A store's
 * sectors go to L2 each time, so stores are priced as they are. */
static bool walks_own_run(const ptx_inst *in, ptx_kind k, lane l, long b, const ptx_inst *v, const size_t *ix,
			  size_t nix)
{
	bool apart = l.form == LANE_SCALED || (l.form == LANE_AFFINE && lm_lane_magnitude(l.stride) > b);
	return k == K_LOAD && apart && !lm_lane_has_rows(l) && l.step != 0 &&
	       lm_lane_magnitude(l.step) <= run_bytes(v, ix, nix, in->base);
}

/* Does a load's warp (lanes l, b bytes each, a group width wide) read a
 * window of adjacent words that a turn of the loop moves by less than the
 * window's span? */
static bool slides(lane l, long b, unsigned width)
{
	if (l.form != LANE_AFFINE || l.stride <= 0 || l.stride > b || lm_lane_has_rows(l) || l.step == 0)
		return false;
	long span = (long)(width && width < 32 ? width : 32) * l.stride; /* stride within b: no overflow */
	return lm_lane_magnitude(l.step) < span;
}

/* Does a load (l, its own lines so far) read the array of a load before it
 * on the path (seen, *nseen of them), lanes as far apart? Else it joins
 * them. In a body run once, an offset of whole grids (nd-dot's x[g + k *
 * get_global_size(0)]) reads lines no other work-item reads: its own. */
static bool anothers_array(lane l, bool loopless, lane *seen, size_t *nseen)
{
	bool again = false;
	for (size_t q = 0; q < *nseen && !(loopless && l.grid); q++)
		again |= seen[q].origin == l.origin && seen[q].stride == l.stride && seen[q].ystride == l.ystride &&
			 seen[q].yscaled == l.yscaled;
	if (!again && *nseen < 64)
		seen[(*nseen)++] = l;
	return again;
}

/* Follows how each register varies across a warp's lanes through the
 * instructions before the loop (0..lo - 1, in order) and the path ix
 * twice (the second pass sees what the first carried round the loop),
 * and sorts the path's global loads and stores by the bytes between two
 * lanes' addresses: at most the bytes a lane moves (coalesced), further
 * but a load within the L2's fetch of 64 bytes, a store within a 32-byte
 * sector (strided: the warp's span moved), further or a row apart known
 * only at run time (scattered: each lane its own sector, as the
 * gmem-random mix measures), or not followed. Counts too the loads into
 * the array of a load before them on the path, lanes as far apart, at an
 * offset the same for every lane (a stencil's rows above and below): the
 * lines other iterations of the loop read (those off one register within
 * a line are shared_lines already), and the gap bytes of the strided ones.
 * Where a group narrower than a warp (width) puts it over rows, an access
 * whose address varies from row to row is sorted by the sectors its warp
 * touches (sort_rows). And sums the lines the path's loads ask L1 for
 * (load_lines; 0 where a load's lanes are not followed; a line a lane
 * where its address came from memory). */
/* What a pass over the loop's accesses sums beside m's figures. */
typedef struct {
	lane seen[64];
	size_t nseen;
	unsigned same_bytes, uniform_bytes;
	long load_gap, store_gap, l1, narrow;
	bool l1_known;
} lanes_tally;

/* m's lanes' figures and y zeroed for a pass. */
static void tally_reset(lm_count *m, lanes_tally *y)
{
	m->scattered_loads = m->scattered_stores = m->strided = m->unfollowed = m->same_array = 0;
	m->gathered = m->own_runs = m->own_run_partners = m->own_run_partner_bytes = 0;
	m->uniform_loads = 0;
	m->misaligned_loads = m->misaligned_stores = m->partial_stores = 0;
	m->split_loads = m->split_stores = 0;
	m->split_load_sectors = m->split_store_sectors = m->merged_stores = 0;
	m->row_stores = 0;
	m->windows = m->own_loads = 0;
	memset(m->arg_loads, 0, sizeof m->arg_loads);
	*y = (lanes_tally){ .l1_known = true };
}

/* Sorts the access at the path's p-th instruction (kind k, its address's
 * lanes l) into m's figures and y's sums. */
static void tally_access(const ptx_inst *v, const size_t *ix, size_t nix, size_t p, ptx_kind k, lane l,
			 unsigned width, lm_count *m, lanes_tally *y)
{
	const ptx_inst *in = &v[ix[p]];
	if (k == K_LOAD && l.form == LANE_VARIES && !l.data)
		y->l1_known = false;
	else if (k == K_LOAD) /* memory's addresses: a line a lane */
		y->l1 += load_lines(l.form == LANE_VARIES ? SCALED : l, (long)lm_ptx_bytes(in->op), in->offset, width);
	long b = (long)lm_ptx_bytes(in->op);
	bool run = walks_own_run(in, k, l, b, v, ix, nix);
	unsigned scattered = m->scattered_loads + m->split_loads;
	long gap = sort_access(k, l, b, in->offset, width, run, m);
	bool coalesced = m->scattered_loads + m->split_loads == scattered;
	m->strided += gap > 0;
	bool partner = lm_ptx_shares_lines(v, ix, p), own = !partner;
	if (partner && k == K_LOAD && ((l.form == LANE_VARIES && l.data == DATA_BEFORE) || run)) {
		m->own_run_partners++; /* the lane's next words: moved all the same */
		m->own_run_partner_bytes += (unsigned)b;
	}
	/* what its lanes move, a narrow group's rows reading the same columns
	 * (a load into another's array: its own lines where the loop turns out
	 * unrolled, ptx.c) */
	long nb = k == K_LOAD && own ? narrow_bytes(l, b, width) : 0;
	y->narrow += nb;
	if (k == K_LOAD && l.form == LANE_AFFINE && l.origin && own &&
	    anothers_array(l, m->loopless, y->seen, &y->nseen)) {
		m->same_array++;
		y->same_bytes += (unsigned)(b - nb);
		own = false;
	}
	/* every lane at one address: one word for the warp, read by every warp
	 * that reaches that index (gemv's x[k]): a hit, no lines of its own.
	 * Over rows of a narrow group, one word a row (matmul's
	 * A[row * inner + k]), each the same */
	bool uniform = k == K_LOAD && l.form == LANE_AFFINE && l.stride == 0;
	if (uniform && own) {
		m->uniform_loads++;
		y->uniform_bytes += (unsigned)b;
		own = false;
	}
	/* a warp's window of lines that a turn moves less than its span (fir's
	 * x[i + k]): the next turn reads the lines this one brought, L1's hits
	 * (a note, not a price) */
	m->windows += k == K_LOAD && own && slides(l, b, width);
	/* by argument: every coalesced load with lines of its own, or into
	 * another's array (which may be its own, above); a scattered one is
	 * priced by the scattered kind, not these */
	if (k == K_LOAD && coalesced && !partner && !uniform)
		own_load(v, l, m);
	/* a strided access's warp spans lanes x stride bytes and touches every
	 * sector there: the bytes between its lanes count as moved. A load
	 * sharing another's lines has no traffic of its own (again_bytes); a
	 * store sharing another's fills part of its gap */
	if (gap && k == K_LOAD && own)
		y->load_gap += gap;
	else if (gap && k == K_STORE)
		y->store_gap += partner ? -b : gap;
}

void lm_ptx_lanes(const ptx_inst *v, size_t lo, const size_t *ix, size_t nix, unsigned width, lm_count *m)
{
	size_t n = 0;
	lane_reg *t = calloc(LANE_SLOTS, sizeof *t);
	lanes_tally *y = malloc(sizeof *y);
	if (!t || !y) {
		free(t);
		free(y);
		return;
	}
	lm_lane_seed_shape(t, &n, width);
	lm_lane_seed_args(t, &n, &m->scalars);
	for (size_t i = 0; i < lo; i++)
		if (v[i].op[0])
			lm_lane_set(t, &n, &v[i], lm_lane_value(&v[i], i, t, n, DATA_BEFORE));
	for (int pass = 0; pass < 2; pass++) {
		tally_reset(m, y);
		for (size_t p = 0; p < nix; p++) {
			const ptx_inst *in = &v[ix[p]];
			if (!in->op[0] || in->target[0])
				continue;
			ptx_kind k = lm_ptx_classify(in->op);
			y->l1_known &= k != K_LOAD || in->base[0];
			if ((k == K_LOAD || k == K_STORE) && in->base[0])
				tally_access(v, ix, nix, p, k, lm_lane_operand(t, n, in->base), width, m, y);
			lm_lane_set(t, &n, in, lm_lane_induction(in, lm_lane_value(in, ix[p], t, n, DATA_PATH), t, n));
		}
	}
	m->again_bytes += y->same_bytes + y->uniform_bytes;
	m->same_bytes = y->same_bytes;
	m->gap_load_bytes = (unsigned)y->load_gap;
	m->gap_store_bytes = y->store_gap > 0 ? (unsigned)y->store_gap : 0;
	m->l1_lines = y->l1_known ? (unsigned)y->l1 : 0;
	m->narrow_bytes = (unsigned)y->narrow;
	free(t);
	free(y);
}

unsigned lm_ptx_dims(const ptx_inst *v, size_t nv)
{
	unsigned dims = 1;
	for (size_t i = 0; i < nv; i++)
		for (int j = 0; j < v[i].narg; j++) {
			const char *a = v[i].arg[j];
			if (strcmp(a, "%tid.z") == 0 || strcmp(a, "%ntid.z") == 0 || strcmp(a, "%ctaid.z") == 0)
				dims = 3;
			else if ((strcmp(a, "%tid.y") == 0 || strcmp(a, "%ntid.y") == 0 || strcmp(a, "%ctaid.y") == 0) &&
				 dims < 2)
				dims = 2;
		}
	return dims;
}
