// A shared library that is not a crashbench plugin: it has no crashbench_plugin_register.
extern "C" __attribute__((visibility("default"))) int not_a_plugin_entry_point() { return 0; }
