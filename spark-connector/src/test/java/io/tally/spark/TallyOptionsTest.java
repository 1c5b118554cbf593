package io.tally.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.tally.memory.EngineMemory;
import io.tally.memory.MachineMemory;
import java.util.Map;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;
import org.junit.jupiter.api.Test;

/** The source's memory option and its default, derived by Tally's own rule. */
class TallyOptionsTest {
    @Test
    void aTaskDefaultsToTallysDefaultLimitSharedByTheCores() {
        TallyOptions options = TallyOptions.parse(new CaseInsensitiveStringMap(Map.of()));
        assertEquals(
                MachineMemory.defaultQueryLimit(EngineMemory.cachedBytes())
                        / Runtime.getRuntime().availableProcessors(),
                options.taskMemoryLimit());
    }

    @Test
    void aGivenLimitIsKept() {
        TallyOptions options =
                TallyOptions.parse(new CaseInsensitiveStringMap(Map.of("memory_limit", "1GB")));
        assertEquals(1L << 30, options.taskMemoryLimit());
    }
}
