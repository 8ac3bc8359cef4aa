package io.jslurm.common.gres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jslurm.common.text.InvalidValueException;
import java.util.List;
import org.junit.jupiter.api.Test;

class GpuBindTest {

    @Test
    void readsEveryType() {
        assertThat(GpuBind.parse("none").policy()).isEqualTo(new GpuBind.None());
        assertThat(GpuBind.parse("closest").policy()).isEqualTo(new GpuBind.Closest());
        assertThat(GpuBind.parse("per_task:2").policy()).isEqualTo(new GpuBind.PerTask(2));
        assertThat(GpuBind.parse("map_gpu:1,0").policy()).isEqualTo(new GpuBind.MapGpu(List.of(1, 0)));
        assertThat(GpuBind.parse("mask_gpu:0x3,c").policy()).isEqualTo(new GpuBind.MaskGpu(List.of(3L, 12L)));
    }

    @Test
    void verbosePrefixIsKept() {
        GpuBind bind = GpuBind.parse("verbose,per_task:1");
        assertThat(bind.verbose()).isTrue();
        assertThat(bind.policy()).isEqualTo(new GpuBind.PerTask(1));
        assertThat(GpuBind.parse("none").verbose()).isFalse();
    }

    @Test
    void repetitionsExpand() {
        assertThat(GpuBind.parse("map_gpu:0*2,1*3").policy())
                .isEqualTo(new GpuBind.MapGpu(List.of(0, 0, 1, 1, 1)));
        assertThat(GpuBind.parse("mask_gpu:0x0f*2,0xf0").policy())
                .isEqualTo(new GpuBind.MaskGpu(List.of(15L, 15L, 240L)));
    }

    @Test
    void printsWhatItReadsBack() {
        for (String text : List.of("none", "closest", "per_task:3", "map_gpu:0,0,1", "mask_gpu:0x1,0xf0",
                "verbose,map_gpu:2")) {
            assertThat(GpuBind.parse(GpuBind.parse(text).toString())).isEqualTo(GpuBind.parse(text));
        }
        assertThat(GpuBind.parse("map_gpu:0*2").toString()).isEqualTo("map_gpu:0,0");
    }

    @Test
    void refusesWhatSrunRefuses() {
        for (String bad : List.of("foo", "map_gpu:", "map_gpu:x", "map_gpu:1*0", "mask_gpu:zz", "per_task:0",
                "per_task:x", "per_task:-1", "verbose", "map_gpu:1**2", "")) {
            assertThatThrownBy(() -> GpuBind.parse(bad)).as(bad).isInstanceOf(InvalidValueException.class)
                    .hasMessageContaining("--gpu-bind");
        }
    }
}
