// A model's own vehicle parameters held inline: what is held is found only as its own type, copies keep
// it, and reading it as another model's throws instead of reading the wrong numbers.
#include "core/model_parameters.hpp"

#include <gtest/gtest.h>

#include "core/error.hpp"
#include "core/vehicle.hpp"

namespace crashbench {
namespace {

struct Tyres {
  double stiffness = 0;
  double mu = 0;
};
struct SameLayout {  // the same two doubles, another model's
  double stiffness = 0;
  double mu = 0;
};

TEST(ModelParameters, HoldsOneModelsStructFoundOnlyAsThatType) {
  ModelParameters block;
  EXPECT_TRUE(block.empty());
  EXPECT_EQ(block.find<Tyres>(), nullptr);
  block.emplace(Tyres{81000.0, 0.85});
  EXPECT_FALSE(block.empty());
  ASSERT_NE(block.find<Tyres>(), nullptr);
  EXPECT_EQ(block.get<Tyres>().stiffness, 81000.0);
  EXPECT_EQ(block.get<Tyres>().mu, 0.85);
  EXPECT_EQ(block.find<SameLayout>(), nullptr);
  EXPECT_THROW(block.get<SameLayout>(), Error);
  block.emplace(SameLayout{1.0, 2.0});  // replaces what was held
  EXPECT_EQ(block.find<Tyres>(), nullptr);
  EXPECT_EQ(block.get<SameLayout>().mu, 2.0);
}

TEST(ModelParameters, AVehiclesCopyCarriesItsModelsParameters) {
  VehicleParams p;
  p.mass = 1200;
  p.model.emplace(Tyres{64000.0, 0.7});
  const VehicleParams copy = p;
  p.model.emplace(Tyres{1.0, 1.0});
  EXPECT_EQ(copy.model.get<Tyres>().stiffness, 64000.0);
  EXPECT_EQ(copy.model.get<Tyres>().mu, 0.7);
}

}  // namespace
}  // namespace crashbench
