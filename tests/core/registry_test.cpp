// The registry mechanism every kind of part uses: built-ins and plugins add through Registry::add, which
// refuses a taken or malformed name; lookups of unknown names list the registered ones.
#include "core/registry.hpp"

#include <gtest/gtest.h>

#include <array>
#include <string>

namespace crashbench {
namespace {

using TestFactory = int (*)();
using TestEntry = RegistryEntry<TestFactory>;

int one() { return 1; }
int two() { return 2; }

constexpr std::array<TestEntry, 2> kBuiltins{{{"first", "the first", &one}, {"second-one", "the second", &two}}};

TEST(Registry, KeepsRegistrationOrderAndFindsByName) {
  Registry<TestEntry> r = registry_with<TestEntry>("gadget", kBuiltins);
  ASSERT_EQ(r.entries().size(), 2u);
  EXPECT_EQ(r.entries()[0].name, "first");
  EXPECT_EQ(r.at("second-one").make(), 2);
  EXPECT_TRUE(r.contains("first"));
  EXPECT_FALSE(r.contains("firs"));  // exact names, never a part of one
  r.add({"third", "added later, as a plugin would", &one});
  EXPECT_EQ(r.names(), "first, second-one, third");
}

TEST(Registry, RefusesATakenOrMalformedName) {
  Registry<TestEntry> r = registry_with<TestEntry>("gadget", kBuiltins);
  for (const char* bad : {"first", "", "two words", "a,b"}) {
    try {
      r.add({bad, "x", &two});
      FAIL() << "accepted '" << bad << "'";
    } catch (const Error& e) {
      EXPECT_NE(std::string(e.what()).find("gadget"), std::string::npos) << e.what();
    }
  }
  EXPECT_EQ(r.entries().size(), 2u);
  EXPECT_EQ(r.at("first").make(), 1);  // the built-in kept its row
}

TEST(Registry, UnknownNameListsTheRegisteredOnes) {
  const Registry<TestEntry> r = registry_with<TestEntry>("gadget", kBuiltins);
  try {
    r.at("third");
    FAIL();
  } catch (const Error& e) {
    EXPECT_EQ(std::string(e.what()), "unknown gadget 'third'; expected one of: first, second-one");
  }
}

}  // namespace
}  // namespace crashbench
