package io.jslurm.sched.fairshare;

import static io.jslurm.sched.fairshare.ShareNode.account;
import static io.jslurm.sched.fairshare.ShareNode.user;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class FairTreeTest {

    static final double EPS = 1e-9;

    @Test
    void usersOfTheAccountFurthestUnderItsSharesComeFirst() {
        // A has 40% of the shares and used 40 of 60 (LF 0.6); B has 60% and used 20 (LF 1.8): B ranks first.
        ShareNode root = account("root", 1, List.of(
                account("a", 40, List.of(user("a", "a1", 1, 30), user("a", "a2", 1, 10))),
                account("b", 60, List.of(user("b", "b1", 1, 20)))));

        FairShares shares = FairTree.compute(root);

        assertThat(shares.factor("b", "b1")).isCloseTo(1.0, within(EPS));
        assertThat(shares.factor("a", "a2")).isCloseTo(2.0 / 3, within(EPS));
        assertThat(shares.factor("a", "a1")).isCloseTo(1.0 / 3, within(EPS));
        ShareRow a = shares.row("a", "").orElseThrow();
        assertThat(a.normShares()).isCloseTo(0.4, within(EPS));
        assertThat(a.rawUsage()).isCloseTo(40, within(EPS));
        assertThat(a.effectvUsage()).isCloseTo(40.0 / 60, within(EPS));
        assertThat(a.levelFs()).isCloseTo(0.6, within(EPS));
        assertThat(a.fairShare()).isNaN();
        ShareRow a1 = shares.row("a", "a1").orElseThrow();
        assertThat(a1.normUsage()).isCloseTo(0.5, within(EPS));
        assertThat(a1.levelFs()).isCloseTo(0.5 / 0.75, within(EPS));
    }

    @Test
    void everyUserOfABetterAccountOutranksEveryUserOfAWorseOneAtAnyDepth() {
        // A (LF 0.9) holds A1/u1 with 50 and A2/u2 with none; B (LF 1.125) holds u3 with 40.
        ShareNode root = account("root", 1, List.of(
                account("a", 1, List.of(
                        account("a1", 1, List.of(user("a1", "u1", 1, 50))),
                        account("a2", 1, List.of(user("a2", "u2", 1, 0))))),
                account("b", 1, List.of(user("b", "u3", 1, 40)))));

        FairShares shares = FairTree.compute(root);

        assertThat(shares.factor("b", "u3")).isCloseTo(1.0, within(EPS));
        assertThat(shares.factor("a2", "u2")).isCloseTo(2.0 / 3, within(EPS));
        assertThat(shares.factor("a1", "u1")).isCloseTo(1.0 / 3, within(EPS));
        assertThat(shares.row("a2", "u2").orElseThrow().levelFs()).isInfinite();
        assertThat(shares.rows()).extracting(ShareRow::depth).containsExactly(0, 1, 2, 3, 2, 3, 1, 2);
    }

    @Test
    void usersWithoutUsageTieAtTheTopAndTheNextRankSkipsTheTie() {
        ShareNode root = account("root", 1, List.of(account("a", 1, List.of(
                user("a", "x", 1, 0), user("a", "y", 1, 0), user("a", "z", 1, 10)))));

        FairShares shares = FairTree.compute(root);

        assertThat(shares.factor("a", "x")).isEqualTo(1.0);
        assertThat(shares.factor("a", "y")).isEqualTo(1.0);
        assertThat(shares.factor("a", "z")).isCloseTo(1.0 / 3, within(EPS));
    }

    @Test
    void childrenOfTiedAccountsAreRankedTogether() {
        // A and B both have LF 1, so x (A, LF 1), y1 (B, LF 0.5) and y2 (B, no usage) compete as siblings.
        ShareNode root = account("root", 1, List.of(
                account("a", 1, List.of(user("a", "x", 1, 10))),
                account("b", 1, List.of(user("b", "y1", 1, 10), user("b", "y2", 1, 0)))));

        FairShares shares = FairTree.compute(root);

        assertThat(shares.factor("b", "y2")).isCloseTo(1.0, within(EPS));
        assertThat(shares.factor("a", "x")).isCloseTo(2.0 / 3, within(EPS));
        assertThat(shares.factor("b", "y1")).isCloseTo(1.0 / 3, within(EPS));
    }

    @Test
    void zeroSharesRankLastEvenWithoutUsage() {
        ShareNode root = account("root", 1, List.of(
                account("free", 0, List.of(user("free", "f", 1, 0))),
                account("paid", 1, List.of(user("paid", "p", 1, 100)))));

        FairShares shares = FairTree.compute(root);

        assertThat(shares.row("free", "").orElseThrow().levelFs()).isZero();
        assertThat(shares.factor("paid", "p")).isEqualTo(1.0);
        assertThat(shares.factor("free", "f")).isCloseTo(0.5, within(EPS));
    }

    @Test
    void aClusterWithoutUsageGivesEveryoneTheTopFactor() {
        ShareNode root = account("root", 1, List.of(
                account("a", 3, List.of(user("a", "u1", 1, 0))),
                account("b", 1, List.of(user("b", "u2", 5, 0)))));

        FairShares shares = FairTree.compute(root);

        assertThat(shares.factor("a", "u1")).isEqualTo(1.0);
        assertThat(shares.factor("b", "u2")).isEqualTo(1.0);
        assertThat(shares.row("a", "").orElseThrow().normShares()).isCloseTo(0.75, within(EPS));
        assertThat(shares.row("root", "").orElseThrow().effectvUsage()).isZero();
        assertThat(shares.factor("nobody", "u9")).isZero();
    }
}
