package io.jslurm.slurmctld.assoc;

import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.protocol.auth.Identity;
import io.jslurm.protocol.rpc.Permission;
import io.jslurm.slurmctld.rpc.Callers;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** AdminLevel from accounting where authorization is decided: operators act on others' jobs, users do not. */
class CallersAdminLevelTest {

    private static final Identity OPERATOR = new Identity(1001, 1001, "h", "auth/slurm");
    private static final Identity ADMIN = new Identity(1003, 1003, "h", "auth/slurm");
    private static final Identity USER = new Identity(1002, 1002, "h", "auth/slurm");

    private final Callers callers = new Callers(64030, 0,
            uid -> Map.of(1001L, AdminLevel.OPERATOR, 1003L, AdminLevel.ADMINISTRATOR)
                    .getOrDefault(uid, AdminLevel.NONE));

    @Test
    void operatorsAndAdministratorsMayControlOtherUsersJobs() {
        assertThat(callers.mayControl(OPERATOR, 1002)).isTrue();
        assertThat(callers.mayControl(ADMIN, 1002)).isTrue();
        assertThat(callers.mayControl(USER, 1001)).isFalse();
        assertThat(callers.mayControl(USER, 1002)).isTrue();
    }

    @Test
    void operatorsHoldAndExtendAsAdministratorsButCannotSubmitAsOthers() {
        assertThat(callers.operator(OPERATOR)).isTrue();
        assertThat(callers.operator(USER)).isFalse();
        assertThat(callers.privileged(OPERATOR)).as("submitting for another uid stays root's and SlurmUser's")
                .isFalse();
    }

    @Test
    void permissionsFollowTheLevel() {
        assertThat(callers.permits(OPERATOR, Permission.OPERATOR)).isTrue();
        assertThat(callers.permits(OPERATOR, Permission.ADMINISTRATOR)).isFalse();
        assertThat(callers.permits(ADMIN, Permission.ADMINISTRATOR)).isTrue();
        assertThat(callers.permits(USER, Permission.OPERATOR)).isFalse();
        assertThat(callers.permits(OPERATOR, Permission.SLURM_USER)).isFalse();
    }

    @Test
    void withoutAccountingNobodyIsAnOperator() {
        Callers plain = new Callers(64030, 0);

        assertThat(plain.mayControl(OPERATOR, 1002)).isFalse();
        assertThat(plain.permits(OPERATOR, Permission.OPERATOR)).isFalse();
    }
}
