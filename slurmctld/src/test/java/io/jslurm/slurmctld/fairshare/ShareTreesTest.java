package io.jslurm.slurmctld.fairshare;

import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.sched.fairshare.ShareNode;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ShareTreesTest {

    @Test
    void accountsNestUnderTheirParentsAndUsersUnderTheirAccounts() {
        List<Association> rows = List.of(
                new Association("root", "", "", 1, 0),
                new Association("root", "root", "", 1, 0),
                new Association("science", "", "root", 3, 0),
                new Association("physics", "", "science", 2, 0),
                new Association("physics", "alice", "", 5, 0));

        ShareNode root = ShareTrees.build(rows, Map.of(new AssocKey("physics", "alice"), 40.0,
                new AssocKey("", "carol"), 10.0));

        assertThat(root.children()).extracting(ShareNode::account, ShareNode::user)
                .containsExactlyInAnyOrder(org.assertj.core.groups.Tuple.tuple("root", "root"),
                        org.assertj.core.groups.Tuple.tuple("root", "carol"),
                        org.assertj.core.groups.Tuple.tuple("science", ""));
        ShareNode science = root.children().stream().filter(n -> n.account().equals("science")).findFirst()
                .orElseThrow();
        assertThat(science.shares()).isEqualTo(3);
        ShareNode physics = science.children().get(0);
        assertThat(physics.children()).extracting(ShareNode::user, ShareNode::shares, ShareNode::rawUsage)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("alice", 5L, 40.0));
        assertThat(root.subtreeUsage()).isEqualTo(50.0);
    }

    @Test
    void usageOfAnUnknownAccountGetsItsOwnAccountUnderRoot() {
        ShareNode root = ShareTrees.build(List.of(), Map.of(new AssocKey("ghost", "dave"), 7.0));

        assertThat(root.children()).extracting(ShareNode::account).containsExactly("ghost");
        assertThat(root.children().get(0).children().get(0).rawUsage()).isEqualTo(7.0);
    }
}
