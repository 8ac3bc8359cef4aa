package io.jslurm.slurmd.cgroup;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DeviceRuleTest {
    @TempDir
    Path temp;

    @Test
    void readsTheNumberOfADeviceNode() {
        assertThat(DeviceRule.of(Path.of("/dev/null"))).isEqualTo(DeviceRule.character(1, 3));
        assertThat(DeviceRule.of(Path.of("/dev/null"))).hasToString("c 1:3 rwm");
    }

    @Test
    void wholeMajorsPrintWithAStar() {
        assertThat(new DeviceRule(DeviceType.CHAR, 195, OptionalInt.empty())).hasToString("c 195:* rwm");
        assertThat(new DeviceRule(DeviceType.BLOCK, 8, OptionalInt.of(16))).hasToString("b 8:16 rwm");
    }

    @Test
    void aRegularFileIsNoDevice() throws Exception {
        Path file = Files.writeString(temp.resolve("nvidia0"), "");
        assertThatThrownBy(() -> DeviceRule.of(file)).hasMessage(file + " is not a device node");
    }

    @Test
    void unallocatedDevicesOfTheNodeAreDenied() {
        List<Path> node = List.of(Path.of("/dev/null"), Path.of("/dev/zero"), Path.of("/dev/full"));
        assertThat(DeviceRules.denyUnallocated(node, List.of(Path.of("/dev/zero"))))
                .containsExactly(DeviceRule.character(1, 3), DeviceRule.character(1, 7));
    }
}
