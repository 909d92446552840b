#include "core/model_parameters.hpp"

#include "core/error.hpp"

namespace crashbench {

void ModelParameters::throw_not_held() {
  throw Error("", "params", "the vehicle's parameters were read by another dynamics model than the one running it");
}

}  // namespace crashbench
