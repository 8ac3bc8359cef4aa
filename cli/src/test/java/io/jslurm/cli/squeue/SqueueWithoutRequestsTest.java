package io.jslurm.cli.squeue;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.Message;
import io.jslurm.cli.client.Controller;
import io.jslurm.cli.testing.Console;
import io.jslurm.cli.testing.Records;
import io.jslurm.protocol.proto.JobInfoRequest;
import io.jslurm.protocol.proto.JobInfoResponse;
import io.jslurm.protocol.proto.JobRecord;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * squeue asks for the jobs' requests only when its layout, filters or sort read them, and prints the same lines
 * from records without requests (partition and name copied into the record, as the controller sends them) as
 * from full records.
 */
class SqueueWithoutRequestsTest {

    /** A controller answering from the known queue the way slurmctld does: requests only when asked for. */
    private static class Queue implements Controller {
        final List<JobInfoRequest> asked = new ArrayList<>();

        @Override
        public <R extends Message> R call(Message request, Class<R> responseType) {
            JobInfoRequest jobs = (JobInfoRequest) request;
            asked.add(jobs);
            JobInfoResponse.Builder answer = JobInfoResponse.newBuilder();
            for (JobRecord job : Records.queue()) {
                JobRecord.Builder sent = job.toBuilder().setPartition(job.getRequest().getPartition())
                        .setName(job.getRequest().getName());
                if (job.getRequest().hasTimeLimitMinutes()) {
                    sent.setTimeLimitMinutes(job.getRequest().getTimeLimitMinutes());
                }
                if (job.getRequest().getArray().endsWith("%4")) {
                    sent.setArrayMaxRunning(4);
                }
                if (!jobs.getIncludeRequest()) {
                    sent.clearRequest();
                }
                answer.addJobs(sent);
            }
            return responseType.cast(answer.build());
        }

        @Override
        public void close() {
        }
    }

    /** A controller from before JobRecord.partition and name: only the request names them. */
    private static final class OlderQueue extends Queue {
        @Override
        public <R extends Message> R call(Message request, Class<R> responseType) {
            JobInfoResponse answer = (JobInfoResponse) super.call(request, responseType);
            JobInfoResponse.Builder older = answer.toBuilder();
            older.getJobsBuilderList().forEach(job -> job.clearPartition().clearName().clearArrayMaxRunning()
                    .clearTimeLimitMinutes());
            return responseType.cast(older.build());
        }
    }

    private record Run(String out, JobInfoRequest asked) {
    }

    private static Run live(String... args) {
        Queue queue = new Queue();
        Console console = Console.with(Map.of(), () -> queue);
        int status = new Squeue(console.env()).run(List.of(args));
        assertThat(console.err()).isEmpty();
        assertThat(status).isZero();
        assertThat(queue.asked).hasSize(1);
        return new Run(console.out(), queue.asked.get(0));
    }

    /** The same command over the full records (requests included, no copies in the record). */
    private static String full(String... args) {
        Console console = Console.offline();
        assertThat(new Squeue(console.env()).show(List.of(args), Records.queue())).isZero();
        return console.out();
    }

    @Test
    void usualLayoutsAskForNoRequestsAndPrintTheSameLines() {
        String[][] commands = {{}, {"-r"}, {"--start"}, {"-t", "all"}, {"-p", "gpu"}, {"-n", "sweep,eval"},
            {"-S", "j,-P"}, {"-o", "%.18i %.9P %.20j %.8u %.10T %.6D %.20V %R"}, {"-O", "jobid,name,partition,state"},
            {"-u", "alice", "-h"}, {"-l"}, {"-o", "%i %l %L"}, {"-S", "-l,i"}};
        for (String[] args : commands) {
            Run run = live(args);
            assertThat(run.asked().getIncludeRequest()).as(String.join(" ", args)).isFalse();
            assertThat(run.out()).as(String.join(" ", args)).isEqualTo(full(args)).isNotEmpty();
        }
    }

    @Test
    void requestsAreAskedForWhenALayoutFilterOrSortReadsThem() {
        String[][] commands = {{"-o", "%i %m"}, {"-o", "%a"}, {"-O", "jobid,account"}, {"-A", "ml"},
            {"-q", "normal"}, {"-S", "q"}, {"-S", "P,-a"}, {"--json"}};
        for (String[] args : commands) {
            Run run = live(args);
            assertThat(run.asked().getIncludeRequest()).as(String.join(" ", args)).isTrue();
            if (!args[0].equals("--json")) {
                assertThat(run.out()).as(String.join(" ", args)).isEqualTo(full(args));
            }
        }
    }

    @Test
    void anOlderControllerIsAskedAgainForTheRequests() {
        OlderQueue older = new OlderQueue();
        Console console = Console.with(Map.of(), () -> older);
        assertThat(new Squeue(console.env()).run(List.of("-h", "-o", "%i %P %j"))).isZero();
        assertThat(older.asked).extracting(JobInfoRequest::getIncludeRequest).containsExactly(false, true);
        assertThat(console.out()).isEqualTo(full("-h", "-o", "%i %P %j"));
    }

    @Test
    void recordsFromAnOlderControllerFallBackToTheRequest() {
        JobRecord job = Records.queue().get(0);
        assertThat(job.getPartition()).isEmpty();
        assertThat(io.jslurm.cli.jobs.JobDisplay.partitionOf(job)).isEqualTo(job.getRequest().getPartition())
                .isNotEmpty();
        assertThat(io.jslurm.cli.jobs.JobDisplay.nameOf(job)).isEqualTo(job.getRequest().getName()).isNotEmpty();
    }
}
