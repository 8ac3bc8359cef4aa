package io.jslurm.protocol.rpc;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.channel.DefaultEventLoop;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class AnswerExecutorTest {

    @Test
    void onAnEventLoopTheRestRunsOnThatLoop() throws Exception {
        DefaultEventLoop loop = new DefaultEventLoop();
        try {
            CompletableFuture<Thread> ranOn = new CompletableFuture<>();
            Thread loopThread = loop.submit(() -> {
                AnswerExecutor.current().execute(() -> ranOn.complete(Thread.currentThread()));
                return Thread.currentThread();
            }).get(10, TimeUnit.SECONDS);
            assertThat(ranOn.get(10, TimeUnit.SECONDS)).isSameAs(loopThread);
        } finally {
            loop.shutdownGracefully(0, 1, TimeUnit.SECONDS);
        }
    }

    @Test
    void elsewhereTheRestRunsOnTheCompletingThreadAtOnce() {
        Thread[] ranOn = new Thread[1];
        AnswerExecutor.current().execute(() -> ranOn[0] = Thread.currentThread());
        assertThat(ranOn[0]).isSameAs(Thread.currentThread());
    }
}
