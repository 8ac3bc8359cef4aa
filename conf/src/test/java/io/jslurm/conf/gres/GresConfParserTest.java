package io.jslurm.conf.gres;

import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.common.cpu.IdSet;
import io.jslurm.conf.ConfProblem;
import io.jslurm.conf.Diagnostics;
import io.jslurm.conf.parse.ConfLexer;
import java.util.List;
import org.junit.jupiter.api.Test;

class GresConfParserTest {

    private final Diagnostics diagnostics = new Diagnostics();

    private GresConfig parse(String text) {
        return GresConfParser.parse(ConfLexer.lex("gres.conf", text, diagnostics), diagnostics);
    }

    @Test
    void deviceLineWithFilesCountsThem() {
        GresConfig conf = parse("NodeName=gpu-node[01-16] Name=gpu Type=a100 File=/dev/nvidia[0-7] Cores=0-31\n");

        GresDevice device = conf.devices().get(0);
        assertThat(device.name()).isEqualTo("gpu");
        assertThat(device.type()).contains("a100");
        assertThat(device.count()).isEqualTo(8);
        assertThat(device.files()).startsWith("/dev/nvidia0").endsWith("/dev/nvidia7");
        assertThat(device.cores()).contains(IdSet.range(0, 31));
        assertThat(device.appliesTo("gpu-node16")).isTrue();
        assertThat(device.appliesTo("gpu-node17")).isFalse();
        assertThat(diagnostics.hasErrors()).isFalse();
    }

    @Test
    void severalLinesPerNodeAndGlobalLines() {
        GresConfig conf = parse("""
                Name=mps Count=400
                NodeName=n1 Name=gpu Type=a100 File=/dev/nvidia[0-3] Cores=0-15 Links=-1,2,2,2
                NodeName=n1 Name=gpu Type=a100 File=/dev/nvidia[4-7] Cores=16-31 Flags=nvidia_gpu_env
                NodeName=n2 Name=gpu Type=v100 File=/dev/nvidia0
                Name=bandwidth Count=20G Flags=CountOnly
                """);

        assertThat(conf.devicesFor("n1")).extracting(GresDevice::name).containsExactly("mps", "gpu", "gpu", "bandwidth");
        assertThat(conf.devicesFor("n2")).extracting(GresDevice::count).containsExactly(400L, 1L, 20L << 30);
        assertThat(conf.devicesFor("n1").get(1).links()).containsExactly("-1", "2", "2", "2");
        assertThat(conf.devicesFor("n1").get(2).flags()).containsExactly(GresFlag.NVIDIA_GPU_ENV);
        assertThat(conf.devicesFor("n1").get(3).flags()).containsExactly(GresFlag.COUNT_ONLY);
    }

    @Test
    void autoDetectForANodeWinsOverTheGlobalLine() {
        GresConfig conf = parse("AutoDetect=nvml\nNodeName=amd[1-2] AutoDetect=rsmi\nNodeName=old AutoDetect=off\n");

        assertThat(conf.autoDetectFor("gpu1")).isEqualTo(AutoDetect.NVML);
        assertThat(conf.autoDetectFor("amd2")).isEqualTo(AutoDetect.RSMI);
        assertThat(conf.autoDetectFor("old")).isEqualTo(AutoDetect.OFF);
        assertThat(parse("Name=gpu File=/dev/nvidia0\n").autoDetectFor("gpu1")).isEqualTo(AutoDetect.OFF);
    }

    @Test
    void errors() {
        parse("""
                Name=gpu File=/dev/nvidia[0-3] Count=8
                Type=a100 File=/dev/nvidia0
                AutoDetect=cuda
                Name=gpu Typo=a100
                NodeName=n1 Name=gpu File=/dev/nvidia0 Cores=0-x
                """);

        assertThat(diagnostics.errors()).extracting(ConfProblem::toString).containsExactly(
                "gres.conf:1: invalid value '8' for Count: File= names 4 devices; Count must match it or be left out",
                "gres.conf:2: a gres.conf line describing devices needs Name= (e.g. Name=gpu)",
                "gres.conf:3: invalid value 'cuda' for AutoDetect: expected one of nvml, rsmi, oneapi, off",
                "gres.conf:4: unknown key 'Typo'; did you mean 'Type'?",
                "gres.conf:5: invalid value '0-x' for Cores: invalid range '0-x'; expected numbers and ranges such as "
                        + "0-3,8,10-11");
    }
}
