#ifndef BUYFLOW_CYAML_SHIM_H
#define BUYFLOW_CYAML_SHIM_H
#include <yaml.h>
#endif
