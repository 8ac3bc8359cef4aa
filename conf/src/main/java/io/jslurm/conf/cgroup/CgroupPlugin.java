package io.jslurm.conf.cgroup;

import io.jslurm.conf.parse.ConfChoice;

/** Which cgroup hierarchy slurmd drives ({@code CgroupPlugin}); autodetect picks by what is mounted. */
public enum CgroupPlugin implements ConfChoice {
    AUTODETECT("autodetect"),
    V1("cgroup/v1"),
    V2("cgroup/v2");

    private final String confName;

    CgroupPlugin(String confName) {
        this.confName = confName;
    }

    @Override
    public String confName() {
        return confName;
    }
}
