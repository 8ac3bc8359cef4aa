package io.jslurm.cli.sbatch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class BatchScriptTest {

    @Test
    void readsTheSeedsFineTuneScriptWithTrailingComments() {
        BatchScript script = BatchScript.parse("""
                #!/bin/bash
                #SBATCH --job-name=llm-finetune          # 作业名称
                #SBATCH --partition=train                # 目标分区
                #SBATCH --nodes=1                        # 节点数量
                #SBATCH --gres=gpu:a100:8               # 请求8块A100 GPU
                #SBATCH --output=logs/finetune_%j.out   # 标准输出

                # 加载环境
                module load cuda/12.1
                #SBATCH --time=1:00:00
                """);
        assertThat(script.arguments()).containsExactly("--job-name=llm-finetune", "--partition=train",
                "--nodes=1", "--gres=gpu:a100:8", "--output=logs/finetune_%j.out");
        assertThat(script.directives().get(0).line()).isEqualTo(2);
    }

    @Test
    void severalOptionsOnOneLineAndQuotedValues() {
        BatchScript script = BatchScript.parse("#!/bin/sh\n#SBATCH --gres=gpu:1 --mem-per-gpu=10G\n"
                + "#SBATCH --comment=\"two words # not a comment\" -J 'a b'\nsrun true\n");
        assertThat(script.arguments()).containsExactly("--gres=gpu:1", "--mem-per-gpu=10G",
                "--comment=two words # not a comment", "-J", "a b");
    }

    @Test
    void variablesAreNotExpanded() {
        BatchScript script = BatchScript.parse("#!/bin/bash\n#SBATCH --nodes=$NUM_NODES\n");
        assertThat(script.arguments()).containsExactly("--nodes=$NUM_NODES");
    }

    @Test
    void onlyExactDirectivePrefixCounts() {
        BatchScript script = BatchScript.parse("#!/bin/bash\n##SBATCH --nodes=2\n#SBATCHX -n 3\n# SBATCH -n 4\n");
        assertThat(script.arguments()).isEmpty();
    }

    @Test
    void wrapBuildsAShellScript() {
        BatchScript script = BatchScript.wrap("hostname");
        assertThat(script.text()).startsWith("#!/bin/sh\n").endsWith("hostname\n");
        assertThat(script.arguments()).isEmpty();
    }

    @Test
    void refusesWhatIsNotAScript() {
        assertThatThrownBy(() -> BatchScript.parse("")).hasMessage("Batch script is empty!");
        assertThatThrownBy(() -> BatchScript.parse("echo hi\n")).hasMessageStartingWith(
                "This does not look like a batch script.");
        assertThatThrownBy(() -> BatchScript.parse("#!/bin/sh\r\necho\r\n")).hasMessageContaining("DOS line breaks");
        assertThatThrownBy(() -> BatchScript.parse("#!/bin/sh\n\0\0")).hasMessageContaining("NULL character");
        assertThatThrownBy(() -> BatchScript.parse("#!/bin/sh\n#SBATCH -J \"open\n")).hasMessage(
                "line 2: unterminated quote in #SBATCH directive");
    }
}
