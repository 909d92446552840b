// The case loader and runner land here.
namespace crashbench {}
