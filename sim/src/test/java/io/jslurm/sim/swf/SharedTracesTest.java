package io.jslurm.sim.swf;

import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.sim.SharedScheduling;
import java.io.IOException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The shared traces read whole, with the sizes their README gives. */
class SharedTracesTest {

  @ParameterizedTest
  @CsvSource(textBlock = """
      lublin_256.swf.gz,              10000,  256,
      lublin_256_new2.swf.gz,         10000,  256,
      KTH-SP2-1996-2.1-cln.swf.gz,    28489,  100,  100
      LLNL-Atlas-2006-2.1-cln.swf.gz, 43778, 1152, 9216
      """)
  void readsEveryJobAndTheMachineSize(String file, int jobs, int maxNodes, Integer maxProcs)
      throws IOException {
    SwfTrace trace = SwfReader.read(SharedScheduling.trace(file));

    assertThat(trace.jobs()).hasSize(jobs);
    assertThat(trace.header().maxNodes()).hasValue(maxNodes);
    if (maxProcs == null) {
      assertThat(trace.header().maxProcs()).isEmpty();
    } else {
      assertThat(trace.header().maxProcs()).hasValue(maxProcs);
    }
  }
}
