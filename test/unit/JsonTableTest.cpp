#include "core/JsonTable.h"

#include <gtest/gtest.h>

using namespace rocmtidy;

TEST(JsonTable, TableDocumentNeedsItsKeyOfTheRightKind) {
  std::string Error;
  EXPECT_EQ(parseTableDocument(R"({"rows": [1, 2]})", "row table", "rows", Error),
            nlohmann::json::parse(R"({"rows": [1, 2]})"));

  EXPECT_FALSE(parseTableDocument("not json", "row table", "rows", Error));
  EXPECT_EQ(Error, "row table is not a JSON object with a 'rows' array");
  EXPECT_FALSE(parseTableDocument("[]", "row table", "rows", Error));
  EXPECT_FALSE(parseTableDocument(R"({"other": []})", "row table", "rows", Error));
  EXPECT_FALSE(parseTableDocument(R"({"rows": {}})", "row table", "rows", Error));

  EXPECT_TRUE(parseTableDocument(R"({"sizes": {}})", "size table", "sizes", Error, /*KeyIsObject=*/true));
  EXPECT_FALSE(parseTableDocument(R"({"sizes": []})", "size table", "sizes", Error, /*KeyIsObject=*/true));
  EXPECT_EQ(Error, "size table is not a JSON object with a 'sizes' object");
}
