package io.jslurm.slurmd.launch;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class UserSwitchTest {
    private static final JobUser ALICE = new JobUser("alice", 1000, 1000);

    @Test
    void rootSwitchesToTheUserWithExactlyTheirGroups() {
        assertThat(UserSwitch.prefix(0, ALICE, List.of(1000, 27)))
                .containsExactly("/usr/bin/setpriv", "--reuid=1000", "--regid=1000", "--groups=1000,27", "--");
        assertThat(UserSwitch.prefix(0, new JobUser("root", 0, 0), List.of()))
                .containsExactly("/usr/bin/setpriv", "--reuid=0", "--regid=0", "--clear-groups", "--");
    }

    @Test
    void aDaemonRunningAsTheJobsUserRunsTheJobAsItIs() {
        assertThat(UserSwitch.prefix(1000, ALICE, List.of(1000))).isEmpty();
    }

    @Test
    void anotherUsersJobStillAsksForTheSwitchAndFailsThere() {
        assertThat(UserSwitch.prefix(1001, ALICE, List.of())).first().isEqualTo("/usr/bin/setpriv");
    }

    @Test
    void theEffectiveUidIsWhatIdReports() throws Exception {
        Process id = new ProcessBuilder("id", "-u").start();
        String uid = new String(id.getInputStream().readAllBytes()).strip();
        assertThat(id.waitFor()).isZero();
        assertThat(UserSwitch.effectiveUid()).isEqualTo(Integer.parseInt(uid));
    }
}
