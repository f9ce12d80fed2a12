/* dispatch.cl: the dispatch mix's kernel (src/bench/dispatch.c). A work-group
 * that does nothing but say it ran: its first work-item writes the launch's
 * tag at the group's index, so the host can check that every group of the
 * launch ran, and nothing else of the group costs time. Launched with many
 * more groups than a compute unit holds at once, its rate is how fast the
 * compute units take in new work-groups. */
__kernel void lm_dispatch(__global uint *seen, uint tag)
{
	if (get_local_id(0) == 0)
		seen[get_group_id(0)] = tag;
}
