package io.jslurm.sched.fairshare;

import static io.jslurm.sched.fairshare.ShareNode.account;
import static io.jslurm.sched.fairshare.ShareNode.user;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class ClassicFairShareTest {

    @Test
    void factorIsTwoToTheMinusEffectiveUsageOverShares() {
        // Equal accounts; A used 30 of 40. A's effective usage: 0.75 + (1 - 0.75) * 0.5 = 0.875; u1 inherits it.
        ShareNode root = account("root", 1, List.of(
                account("a", 1, List.of(user("a", "u1", 1, 30))),
                account("b", 1, List.of(user("b", "u2", 1, 10)))));

        FairShares shares = ClassicFairShare.compute(root);

        assertThat(shares.row("a", "u1").orElseThrow().effectvUsage()).isCloseTo(0.875, within(1e-9));
        assertThat(shares.factor("a", "u1")).isCloseTo(Math.pow(2, -1.75), within(1e-9));
        assertThat(shares.factor("b", "u2")).isCloseTo(Math.pow(2, -1.25), within(1e-9));
        assertThat(shares.factor("b", "u2")).isGreaterThan(shares.factor("a", "u1"));
    }

    @Test
    void noSharesMeansNoFairShare() {
        ShareNode root = account("root", 1, List.of(account("a", 0, List.of(user("a", "u", 1, 0)))));

        assertThat(ClassicFairShare.compute(root).factor("a", "u")).isZero();
    }
}
