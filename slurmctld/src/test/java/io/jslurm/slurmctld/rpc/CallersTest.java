package io.jslurm.slurmctld.rpc;

import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.protocol.auth.Identity;
import io.jslurm.protocol.rpc.Permission;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CallersTest {
    static final long SLURM = 64030;
    static final long ALICE = 1001;
    static final long BOB = 1002;
    static final long OPS = 1003;
    static final long BOSS = 1004;

    static Identity who(long uid) {
        return new Identity(uid, uid, "login1", "auth/slurm");
    }

    final Callers withoutAccounting = new Callers(SLURM, SLURM);
    final Callers withAccounting = new Callers(SLURM, SLURM, uid -> Map.of(OPS, AdminLevels.Level.OPERATOR,
            BOSS, AdminLevels.Level.ADMINISTRATOR).getOrDefault(uid, AdminLevels.Level.NONE));

    @Test
    void onlyTheOwnerRootAndSlurmUserControlAJobWithoutAccounting() {
        assertThat(withoutAccounting.mayControl(who(ALICE), ALICE)).isTrue();
        assertThat(withoutAccounting.mayControl(who(BOB), ALICE)).isFalse();
        assertThat(withoutAccounting.mayControl(who(OPS), ALICE)).as("no AdminLevel without accounting").isFalse();
        assertThat(withoutAccounting.mayControl(who(0), ALICE)).isTrue();
        assertThat(withoutAccounting.mayControl(who(SLURM), ALICE)).isTrue();
    }

    @Test
    void operatorsAndAdministratorsFromAccountingControlEveryJob() {
        assertThat(withAccounting.mayControl(who(OPS), ALICE)).isTrue();
        assertThat(withAccounting.mayControl(who(BOSS), ALICE)).isTrue();
        assertThat(withAccounting.mayControl(who(BOB), ALICE)).isFalse();
        assertThat(withAccounting.permits(who(OPS), Permission.OPERATOR)).isTrue();
        assertThat(withAccounting.permits(who(OPS), Permission.ADMINISTRATOR)).isFalse();
        assertThat(withAccounting.permits(who(BOSS), Permission.ADMINISTRATOR)).isTrue();
        assertThat(withAccounting.permits(who(BOB), Permission.OPERATOR)).isFalse();
    }

    @Test
    void onlyDaemonsHoldTheSlurmUserPermissionWhateverTheirAdminLevel() {
        assertThat(withAccounting.permits(who(BOSS), Permission.SLURM_USER)).isFalse();
        assertThat(withAccounting.permits(who(ALICE), Permission.SLURM_USER)).isFalse();
        assertThat(withAccounting.permits(who(SLURM), Permission.SLURM_USER)).isTrue();
        assertThat(withAccounting.permits(who(0), Permission.SLURM_USER)).isTrue();
        assertThat(new Callers(SLURM, 500).permits(who(500), Permission.SLURM_USER)).as("SlurmdUser").isTrue();
    }
}
