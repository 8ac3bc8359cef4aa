package io.jslurm.cli.srun;

import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.protocol.stepio.PmiNameReply;
import io.jslurm.protocol.stepio.PmiNameRequest;
import io.jslurm.protocol.stepio.PmiNameRequest.Op;
import org.junit.jupiter.api.Test;

class PmiNameServerTest {

    private final PmiNameServer names = new PmiNameServer();

    @Test
    void aNameIsPublishedOnceFoundUntilUnpublishedAndRepliesCarryTheRequestsId() {
        assertThat(names.answer(new PmiNameRequest(1, Op.LOOKUP, "svc", ""))).isEqualTo(new PmiNameReply(1, false, ""));
        assertThat(names.answer(new PmiNameRequest(2, Op.PUBLISH, "svc", "p1")).ok()).isTrue();
        assertThat(names.answer(new PmiNameRequest(3, Op.PUBLISH, "svc", "p2")).ok()).isFalse();
        assertThat(names.answer(new PmiNameRequest(4, Op.LOOKUP, "svc", ""))).isEqualTo(new PmiNameReply(4, true, "p1"));
        assertThat(names.answer(new PmiNameRequest(5, Op.UNPUBLISH, "svc", "")).ok()).isTrue();
        assertThat(names.answer(new PmiNameRequest(6, Op.UNPUBLISH, "svc", "")).ok()).isFalse();
        assertThat(names.answer(new PmiNameRequest(7, Op.LOOKUP, "svc", "")).ok()).isFalse();
    }
}
