package io.jslurm.cli.squeue;

import io.jslurm.cli.format.Field;
import io.jslurm.cli.jobs.JobDisplay;
import io.jslurm.common.time.Elapsed;
import java.util.List;

/** The step fields {@code squeue --steps} prints by {@code -o} letter or {@code -O} name, with Slurm's titles. */
final class StepFields {

    private StepFields() {
    }

    static List<Field<StepLine>> all(JobDisplay d) {
        return List.of(
                new Field<>('A', "NumTasks", "TASKS", s -> Integer.toString(s.tasks())),
                new Field<>('i', "StepId", "STEPID", StepLine::id),
                new Field<>('j', "StepName", "NAME", StepLine::name),
                new Field<>('l', "TimeLimit", "TIME_LIMIT", s -> s.timeLimit().toString()),
                new Field<>('M', "TimeUsed", "TIME", s -> new Elapsed(Math.max(0,
                        d.now().getEpochSecond() - s.startTime())).toString()),
                new Field<>('N', "NodeList", "NODELIST", StepLine::nodeList),
                new Field<>('P', "Partition", "PARTITION", StepLine::partition),
                new Field<>('S', "StartTime", "START_TIME", s -> d.time(s.startTime())),
                new Field<>('T', "StepState", "STATE", StepLine::state),
                new Field<>('u', "UserName", "USER", StepLine::user),
                new Field<>('U', "UserId", "UID", s -> Long.toString(s.uid())));
    }
}
