/**
 * Fair share as pure functions: the association tree with shares and decayed usage goes in, each association's
 * normalized shares, usage, level fair share and fair-share factor come out (Fair Tree by default, the classic
 * formula under PriorityFlags=NO_FAIR_TREE). Usage decay is a function of elapsed time and the half-life.
 */
package io.jslurm.sched.fairshare;
