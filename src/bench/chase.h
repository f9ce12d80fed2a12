/* chase: the pointer-chase buffer. One random cycle through every line of
 * the buffer, in the order of a keyed bijection (cl/perm.h): nothing is
 * stored on the host, and a kernel (cl/fill.cl) writes the buffer; a line is simd_width 32-bit words, so the loads of a warp's
 * lanes fall in one line. Lane j of a warp always reads word j of a line.
 *
 * Each word holds the index of the word to read next, times a scale (1 for
 * word indices, 4 for byte offsets), plus LM_CHASE_OFFSET, which makes
 * every value the bit pattern of a normal float: adding 0.0f leaves it as
 * it is (a small integer would be a denormal, which hardware may flush to
 * zero). A global buffer is placed LM_CHASE_OFFSET words into its device
 * allocation, so a value is the word's index there as it is. */
#ifndef LM_CHASE_H
#define LM_CHASE_H

#include <stddef.h>
#include <stdint.h>
#include "base/error.h"
#include "cl/perm.h"

#define LM_CHASE_OFFSET 0x00800000u /* the smallest normal float */
/* Largest word index whose value stays a finite float below 0x7f800000. */
#define LM_CHASE_MAX_WORDS ((size_t)(0x7f800000u - LM_CHASE_OFFSET))

typedef struct lm_chase lm_chase;

/* A cycle over lines lines of width words each, values scaled by scale (1
 * or 4), its order keyed by seed. O(1) host memory. */
lm_status lm_chase_alloc(size_t lines, unsigned width, unsigned scale, uint64_t seed,
			 lm_chase **out);
void lm_chase_free(lm_chase *c);

size_t lm_chase_lines(const lm_chase *c);
unsigned lm_chase_width(const lm_chase *c);

unsigned lm_chase_scale(const lm_chase *c);

/* The bijection, for the kernel that writes the buffer. */
const lm_perm *lm_chase_perm(const lm_chase *c);

/* What word w (line w / width, lane w % width) of the buffer holds: what
 * cl/fill.cl writes there. */
uint32_t lm_chase_word(const lm_chase *c, size_t w);

/* The words (lines x width) written on the host, kept until released or
 * freed: for tests and checks, never needed to measure. NULL if out of
 * memory. */
const uint32_t *lm_chase_words(lm_chase *c);
void lm_chase_release_words(lm_chase *c);

/* The value a lane holds when its warp starts at cycle position pos. Warps
 * k = 0..nwarps-1 of a launch start at cursor + k * lines / nwarps: evenly
 * spaced, so no warp reaches another's lines before the whole buffer has
 * been walked in between. */
uint32_t lm_chase_start(const lm_chase *c, size_t cursor, size_t warp, size_t nwarps,
			unsigned lane);

/* The value after steps loads from value v, by the host's own walk. */
uint32_t lm_chase_walk(const lm_chase *c, uint32_t v, uint64_t steps);

/* The line value v points into, and its lane there. */
size_t lm_chase_line(const lm_chase *c, uint32_t v);
unsigned lm_chase_lane(const lm_chase *c, uint32_t v);

/* The value of lane lane in the line v points into. The lanes of one line
 * that take the same number of steps end in one line, so a warp's lanes
 * need one walk (P^-1 and P) between them, not one each. */
uint32_t lm_chase_relane(const lm_chase *c, uint32_t v, unsigned lane);

/* The cycle position of the line value v points into. */
size_t lm_chase_position(const lm_chase *c, uint32_t v);

#endif
