package io.jslurm.conf.gres;

import io.jslurm.conf.parse.ConfChoice;

/** Modifiers of a gres.conf line ({@code Flags}). */
public enum GresFlag implements ConfChoice {
    COUNT_ONLY("CountOnly"),
    NVIDIA_GPU_ENV("nvidia_gpu_env"),
    AMD_GPU_ENV("amd_gpu_env"),
    INTEL_GPU_ENV("intel_gpu_env"),
    OPENCL_ENV("opencl_env"),
    NO_GPU_ENV("no_gpu_env"),
    ONE_SHARING("one_sharing"),
    ALL_SHARING("all_sharing");

    private final String confName;

    GresFlag(String confName) {
        this.confName = confName;
    }

    @Override
    public String confName() {
        return confName;
    }
}
