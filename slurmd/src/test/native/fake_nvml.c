/*
 * A stand-in for libnvidia-ml.so that reports GPUs described by a small text
 * file, so that NVML detection can be tested on machines without NVIDIA GPUs.
 *
 * The file is chosen by fake_nvml_configure(path) (called by tests through the
 * same loaded library) or, when that was never called, by the environment
 * variable FAKE_NVML_CONFIG at nvmlInit_v2 time. Format, one "key=value" a line,
 * '#' starts a comment:
 *
 *   rc.<function>=<code>        make <function> return <code> (any device)
 *   gpu.<i>.name=NVIDIA H200
 *   gpu.<i>.uuid=GPU-...
 *   gpu.<i>.minor=<n>
 *   gpu.<i>.busid=00000000:18:00.0
 *   gpu.<i>.affinity=0-15,32-47 (Linux cpulist)
 *   gpu.<i>.rc.<function>=<code> make <function> fail for this device only
 *   gpu.<i>.link.<l>=<remote bus id>  NVLink <l> is active and reaches that device
 *   gpu.<i>.links=<n>           the device has links 0..n-1 (default 18); asking
 *                               for a higher link gives NVML_ERROR_INVALID_ARGUMENT
 *
 * The GPU count is one more than the highest <i> seen.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_GPUS 64
#define MAX_LINKS 18
#define MAX_RC 64
#define MAX_CPUS 4096

typedef int nvmlReturn_t;
typedef struct fake_gpu *nvmlDevice_t;

enum {
	NVML_SUCCESS = 0,
	NVML_ERROR_UNINITIALIZED = 1,
	NVML_ERROR_INVALID_ARGUMENT = 2,
	NVML_ERROR_NOT_SUPPORTED = 3,
	NVML_ERROR_INSUFFICIENT_SIZE = 7,
};

typedef struct {
	char busIdLegacy[16];
	unsigned int domain;
	unsigned int bus;
	unsigned int device;
	unsigned int pciDeviceId;
	unsigned int pciSubSystemId;
	char busId[32];
} nvmlPciInfo_t;

struct rc_rule {
	char function[64];
	int code;
};

struct fake_gpu {
	int present;
	char name[96];
	char uuid[96];
	unsigned int minor;
	char busid[32];
	unsigned char affinity[MAX_CPUS];
	int link_count;
	char link_remote[MAX_LINKS][32];
	struct rc_rule rules[MAX_RC];
	int rule_count;
};

static struct fake_gpu gpus[MAX_GPUS];
static int gpu_count;
static struct rc_rule global_rules[MAX_RC];
static int global_rule_count;
static int configured;
static int init_depth;

static void reset(void)
{
	memset(gpus, 0, sizeof(gpus));
	for (int i = 0; i < MAX_GPUS; i++)
		gpus[i].link_count = MAX_LINKS;
	gpu_count = 0;
	global_rule_count = 0;
	init_depth = 0;
}

static char *trim(char *s)
{
	while (isspace((unsigned char)*s))
		s++;
	char *end = s + strlen(s);
	while (end > s && isspace((unsigned char)end[-1]))
		*--end = '\0';
	return s;
}

static void add_rule(struct rc_rule *rules, int *count, const char *function, const char *value)
{
	if (*count >= MAX_RC)
		return;
	snprintf(rules[*count].function, sizeof(rules[*count].function), "%s", function);
	rules[*count].code = atoi(value);
	(*count)++;
}

static void parse_cpulist(unsigned char *set, const char *list)
{
	const char *p = list;
	while (*p) {
		char *end;
		long lo = strtol(p, &end, 10);
		long hi = lo;
		if (end == p)
			return;
		if (*end == '-') {
			p = end + 1;
			hi = strtol(p, &end, 10);
		}
		for (long c = lo; c <= hi && c < MAX_CPUS; c++)
			if (c >= 0)
				set[c] = 1;
		p = (*end == ',') ? end + 1 : end;
		if (*end != ',' )
			return;
	}
}

static void apply(const char *key, const char *value)
{
	if (!strncmp(key, "rc.", 3)) {
		add_rule(global_rules, &global_rule_count, key + 3, value);
		return;
	}
	if (strncmp(key, "gpu.", 4))
		return;
	char *rest;
	long index = strtol(key + 4, &rest, 10);
	if (index < 0 || index >= MAX_GPUS || *rest != '.')
		return;
	struct fake_gpu *g = &gpus[index];
	g->present = 1;
	if (index + 1 > gpu_count)
		gpu_count = (int)index + 1;
	rest++;
	if (!strcmp(rest, "name"))
		snprintf(g->name, sizeof(g->name), "%s", value);
	else if (!strcmp(rest, "uuid"))
		snprintf(g->uuid, sizeof(g->uuid), "%s", value);
	else if (!strcmp(rest, "minor"))
		g->minor = (unsigned int)strtoul(value, NULL, 10);
	else if (!strcmp(rest, "busid"))
		snprintf(g->busid, sizeof(g->busid), "%s", value);
	else if (!strcmp(rest, "affinity"))
		parse_cpulist(g->affinity, value);
	else if (!strcmp(rest, "links"))
		g->link_count = atoi(value);
	else if (!strncmp(rest, "rc.", 3))
		add_rule(g->rules, &g->rule_count, rest + 3, value);
	else if (!strncmp(rest, "link.", 5)) {
		int link = atoi(rest + 5);
		if (link >= 0 && link < MAX_LINKS)
			snprintf(g->link_remote[link], sizeof(g->link_remote[link]), "%s", value);
	}
}

/* Returns 0 on success, -1 when the file cannot be read. */
int fake_nvml_configure(const char *path)
{
	reset();
	configured = 1;
	FILE *f = fopen(path, "r");
	if (!f)
		return -1;
	char line[1024];
	while (fgets(line, sizeof(line), f)) {
		char *hash = strchr(line, '#');
		if (hash)
			*hash = '\0';
		char *eq = strchr(line, '=');
		if (!eq)
			continue;
		*eq = '\0';
		apply(trim(line), trim(eq + 1));
	}
	fclose(f);
	return 0;
}

static void configure_from_environment(void)
{
	if (configured)
		return;
	const char *path = getenv("FAKE_NVML_CONFIG");
	if (path)
		fake_nvml_configure(path);
	else {
		reset();
		configured = 1;
	}
}

static int rule_code(const struct rc_rule *rules, int count, const char *function, int *code)
{
	for (int i = 0; i < count; i++)
		if (!strcmp(rules[i].function, function)) {
			*code = rules[i].code;
			return 1;
		}
	return 0;
}

static int injected(const char *function, const struct fake_gpu *g, int *code)
{
	if (g && rule_code(g->rules, g->rule_count, function, code))
		return 1;
	return rule_code(global_rules, global_rule_count, function, code);
}

#define CHECK(function, gpu)                                          \
	do {                                                          \
		int injected_code;                                    \
		if (injected(function, gpu, &injected_code))          \
			return injected_code;                         \
		if (!init_depth)                                      \
			return NVML_ERROR_UNINITIALIZED;              \
	} while (0)

static int valid(nvmlDevice_t device)
{
	return device >= gpus && device < gpus + gpu_count && device->present;
}

static nvmlReturn_t copy_string(const char *value, char *out, unsigned int length)
{
	if (!out)
		return NVML_ERROR_INVALID_ARGUMENT;
	if (strlen(value) + 1 > length)
		return NVML_ERROR_INSUFFICIENT_SIZE;
	strcpy(out, value);
	return NVML_SUCCESS;
}

static void fill_pci(const char *busid, nvmlPciInfo_t *pci)
{
	unsigned int domain = 0, bus = 0, device = 0, function = 0;
	memset(pci, 0, sizeof(*pci));
	sscanf(busid, "%x:%x:%x.%x", &domain, &bus, &device, &function);
	pci->domain = domain;
	pci->bus = bus;
	pci->device = device;
	pci->pciDeviceId = 0x233510de;
	snprintf(pci->busId, sizeof(pci->busId), "%s", busid);
	snprintf(pci->busIdLegacy, sizeof(pci->busIdLegacy), "%04X:%02X:%02X.%X",
		 domain & 0xffff, bus, device, function);
}

nvmlReturn_t nvmlInit_v2(void)
{
	configure_from_environment();
	int code;
	if (injected("nvmlInit_v2", NULL, &code))
		return code;
	init_depth++;
	return NVML_SUCCESS;
}

nvmlReturn_t nvmlShutdown(void)
{
	int code;
	if (injected("nvmlShutdown", NULL, &code))
		return code;
	if (!init_depth)
		return NVML_ERROR_UNINITIALIZED;
	init_depth--;
	return NVML_SUCCESS;
}

/* Lets tests see that every successful nvmlInit_v2 was matched by nvmlShutdown. */
int fake_nvml_init_depth(void)
{
	return init_depth;
}

nvmlReturn_t nvmlDeviceGetCount_v2(unsigned int *count)
{
	CHECK("nvmlDeviceGetCount_v2", NULL);
	if (!count)
		return NVML_ERROR_INVALID_ARGUMENT;
	*count = (unsigned int)gpu_count;
	return NVML_SUCCESS;
}

nvmlReturn_t nvmlDeviceGetHandleByIndex_v2(unsigned int index, nvmlDevice_t *device)
{
	struct fake_gpu *g = index < (unsigned int)gpu_count ? &gpus[index] : NULL;
	CHECK("nvmlDeviceGetHandleByIndex_v2", g);
	if (!g || !g->present || !device)
		return NVML_ERROR_INVALID_ARGUMENT;
	*device = g;
	return NVML_SUCCESS;
}

nvmlReturn_t nvmlDeviceGetName(nvmlDevice_t device, char *name, unsigned int length)
{
	CHECK("nvmlDeviceGetName", valid(device) ? device : NULL);
	if (!valid(device))
		return NVML_ERROR_INVALID_ARGUMENT;
	return copy_string(device->name, name, length);
}

nvmlReturn_t nvmlDeviceGetUUID(nvmlDevice_t device, char *uuid, unsigned int length)
{
	CHECK("nvmlDeviceGetUUID", valid(device) ? device : NULL);
	if (!valid(device))
		return NVML_ERROR_INVALID_ARGUMENT;
	return copy_string(device->uuid, uuid, length);
}

nvmlReturn_t nvmlDeviceGetMinorNumber(nvmlDevice_t device, unsigned int *minor)
{
	CHECK("nvmlDeviceGetMinorNumber", valid(device) ? device : NULL);
	if (!valid(device) || !minor)
		return NVML_ERROR_INVALID_ARGUMENT;
	*minor = device->minor;
	return NVML_SUCCESS;
}

nvmlReturn_t nvmlDeviceGetPciInfo_v3(nvmlDevice_t device, nvmlPciInfo_t *pci)
{
	CHECK("nvmlDeviceGetPciInfo_v3", valid(device) ? device : NULL);
	if (!valid(device) || !pci)
		return NVML_ERROR_INVALID_ARGUMENT;
	fill_pci(device->busid, pci);
	return NVML_SUCCESS;
}

nvmlReturn_t nvmlDeviceGetCpuAffinity(nvmlDevice_t device, unsigned int cpuSetSize,
				      unsigned long *cpuSet)
{
	CHECK("nvmlDeviceGetCpuAffinity", valid(device) ? device : NULL);
	if (!valid(device) || !cpuSet)
		return NVML_ERROR_INVALID_ARGUMENT;
	const unsigned int bits = 8 * sizeof(unsigned long);
	memset(cpuSet, 0, cpuSetSize * sizeof(unsigned long));
	for (unsigned int c = 0; c < MAX_CPUS && c / bits < cpuSetSize; c++)
		if (device->affinity[c])
			cpuSet[c / bits] |= 1UL << (c % bits);
	return NVML_SUCCESS;
}

nvmlReturn_t nvmlDeviceGetNvLinkState(nvmlDevice_t device, unsigned int link, int *isActive)
{
	CHECK("nvmlDeviceGetNvLinkState", valid(device) ? device : NULL);
	if (!valid(device) || !isActive || link >= (unsigned int)device->link_count ||
	    link >= MAX_LINKS)
		return NVML_ERROR_INVALID_ARGUMENT;
	*isActive = device->link_remote[link][0] ? 1 : 0;
	return NVML_SUCCESS;
}

nvmlReturn_t nvmlDeviceGetNvLinkRemotePciInfo_v2(nvmlDevice_t device, unsigned int link,
						 nvmlPciInfo_t *pci)
{
	CHECK("nvmlDeviceGetNvLinkRemotePciInfo_v2", valid(device) ? device : NULL);
	if (!valid(device) || !pci || link >= (unsigned int)device->link_count ||
	    link >= MAX_LINKS)
		return NVML_ERROR_INVALID_ARGUMENT;
	if (!device->link_remote[link][0])
		return NVML_ERROR_NOT_SUPPORTED;
	fill_pci(device->link_remote[link], pci);
	return NVML_SUCCESS;
}
