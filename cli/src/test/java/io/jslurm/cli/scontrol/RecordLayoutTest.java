package io.jslurm.cli.scontrol;

import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.cli.jobs.JobDisplay;
import io.jslurm.cli.testing.Records;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

/** scontrol show job/node/partition: Slurm's Key=Value layout, and its one-line form. */
class RecordLayoutTest {

    private static final JobDisplay DISPLAY = new JobDisplay(Records.NOW, ZoneOffset.UTC, false);

    @Test
    void runningJob() {
        assertThat(JobLayout.render(Records.training(), DISPLAY, false, false)).isEqualTo("""
                JobId=101 JobName=train-llama
                   UserId=alice(1000) GroupId=users(100) MCS_label=N/A
                   Priority=1000 Nice=0 Account=ml QOS=normal
                   JobState=RUNNING Reason=None Dependency=(null)
                   Requeue=1 Restarts=0 BatchFlag=1 Reboot=0 ExitCode=0:0
                   RunTime=00:15:30 TimeLimit=1-00:00:00 TimeMin=N/A
                   SubmitTime=2026-03-02T09:59:00 EligibleTime=2026-03-02T09:59:00
                   AccrueTime=2026-03-02T09:59:00
                   StartTime=2026-03-02T10:00:00 EndTime=2026-03-03T10:00:00 Deadline=N/A
                   SuspendTime=None SecsPreSuspend=0 LastSchedEval=2026-03-02T10:00:00 Scheduler=Main
                   Partition=gpu AllocNode:Sid=login1:31337
                   ReqNodeList=(null) ExcNodeList=(null)
                   NodeList=gpu[01-02]
                   BatchHost=gpu01
                   NumNodes=2 NumCPUs=64 NumTasks=2 CPUs/Task=32 ReqB:S:C:T=0:0:*:*
                   TRES=cpu=64,mem=500G,node=2,billing=64,gres/gpu=16
                   Socks/Node=* NtasksPerN:B:S:C=1:0:*:* CoreSpec=*
                   MinCPUsNode=32 MinMemoryNode=250G MinTmpDiskNode=0
                   Features=(null) DelayBoot=00:00:00
                   OverSubscribe=OK Contiguous=0 Licenses=(null) Network=(null)
                   Command=/home/alice/train.sh
                   WorkDir=/home/alice
                   StdErr=/home/alice/slurm-%j.out
                   StdIn=/dev/null
                   StdOut=/home/alice/slurm-%j.out
                   TresPerNode=gres:gpu:a100:8
                   Power=
                """);
    }

    @Test
    void pendingArrayTaskOnOneLine() {
        String line = JobLayout.render(Records.sweepRest(), DISPLAY, true, false);
        assertThat(line).startsWith("JobId=201 ArrayJobId=200 ArrayTaskId=1-15%4 JobName=sweep UserId=alice(1000) ")
                .contains(" JobState=PENDING Reason=JobArrayTaskLimit ", " StartTime=Unknown EndTime=Unknown ",
                        " RunTime=00:00:00 TimeLimit=00:30:00 ", " NodeList=(null) ")
                .endsWith(" Power=\n").doesNotContain("\n ");
        assertThat(line.lines()).hasSize(1);
    }

    @Test
    void aPendingJobsExplanationFollowsItsReasonAndOnlyWhileItIsPending() {
        var waiting = Records.sweepRest().toBuilder()
                .setPendingExplanation("12 nodes: not enough GPUs; 4 nodes: DRAINED").build();
        assertThat(JobLayout.render(waiting, DISPLAY, false, false)).contains(
                "   JobState=PENDING Reason=JobArrayTaskLimit Dependency=(null)\n"
                        + "   Explanation=12 nodes: not enough GPUs; 4 nodes: DRAINED\n");
        assertThat(JobLayout.render(Records.sweepRest(), DISPLAY, false, false)).doesNotContain("Explanation=");
        var running = waiting.toBuilder().setState(io.jslurm.protocol.proto.JobState.JOB_RUNNING).build();
        assertThat(JobLayout.render(running, DISPLAY, false, false)).doesNotContain("Explanation=");
    }

    @Test
    void drainedNode() {
        assertThat(NodeLayout.node(Records.nodes().get(3), DISPLAY, false)).isEqualTo("""
                NodeName=gpu04 Arch=x86_64 CoresPerSocket=16
                   CPUAlloc=0 CPUEfctv=64 CPUTot=64 CPULoad=N/A
                   AvailableFeatures=a100,ib
                   ActiveFeatures=a100,ib
                   Gres=gpu:a100:8
                   NodeAddr=gpu04 NodeHostName=gpu04 Version=0.1.0
                   OS=Linux 6.1.0
                   RealMemory=512000 AllocMem=0 FreeMem=N/A Sockets=2 Boards=1
                   State=IDLE+DRAIN ThreadsPerCore=2 TmpDisk=0 Weight=1 Owner=N/A MCS_label=N/A
                   Partitions=gpu
                   BootTime=Unknown SlurmdStartTime=Unknown
                   LastBusyTime=Unknown
                   CfgTRES=cpu=64,mem=500G,billing=64,gres/gpu=8
                   AllocTRES=
                   CapWatts=n/a
                   CurrentWatts=0 AveWatts=0
                   ExtSensorsJoules=n/s ExtSensorsWatts=0 ExtSensorsTemp=n/s
                   Reason=bad GPU 3 [root@2026-03-02T08:30:00]
                """);
        assertThat(NodeLayout.node(Records.nodes().get(6), DISPLAY, true)).contains(" State=DOWN* ");
    }

    @Test
    void partition() {
        assertThat(NodeLayout.partition(Records.cpuPartition(), DISPLAY, false)).isEqualTo("""
                PartitionName=cpu
                   AllowGroups=ALL AllowAccounts=ALL AllowQos=ALL
                   AllocNodes=ALL Default=NO QoS=N/A
                   DefaultTime=01:00:00 DisableRootJobs=NO ExclusiveUser=NO GraceTime=0 Hidden=NO
                   MaxNodes=UNLIMITED MaxTime=2-00:00:00 MinNodes=0 LLN=NO MaxCPUsPerNode=UNLIMITED
                   Nodes=cpu[001-003]
                   PriorityJobFactor=1 PriorityTier=1 RootOnly=NO ReqResv=NO OverSubscribe=NO
                   OverTimeLimit=NONE PreemptMode=OFF
                   State=UP TotalCPUs=96 TotalNodes=3 SelectTypeParameters=NONE
                   JobDefaults=(null)
                   DefMemPerNode=UNLIMITED MaxMemPerNode=UNLIMITED
                   TRES=cpu=96,mem=375G,node=3,billing=96
                """);
    }
}
