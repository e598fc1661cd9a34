#include "cmake/CMakeParser.h"

#include <gtest/gtest.h>
#include <random>

using namespace rocmtidy::cmake;

namespace {

ParsedFile parseOk(std::string_view Text) {
  ParsedFile F;
  ParseError E;
  EXPECT_TRUE(parseCMake(Text, F, E)) << E.str();
  return F;
}

ParseError parseBad(std::string_view Text) {
  ParsedFile F;
  ParseError E;
  EXPECT_FALSE(parseCMake(Text, F, E)) << "parsed: " << Text.substr(0, 80);
  EXPECT_TRUE(F.Commands.empty());
  return E;
}

} // namespace

TEST(CMakeParser, CommandsAndUnquotedArguments) {
  ParsedFile F = parseOk("project(demo LANGUAGES CXX)\n  Add_Executable (app main.cpp)\n");
  ASSERT_EQ(F.Commands.size(), 2u);
  EXPECT_EQ(F.Commands[0].Name, "project");
  ASSERT_EQ(F.Commands[0].Args.size(), 3u);
  EXPECT_EQ(F.Commands[0].Args[2].Value, "CXX");
  EXPECT_EQ(F.Commands[0].Args[2].Line, 1u);
  EXPECT_EQ(F.Commands[0].Args[2].Column, 24u);
  // Command names keep their spelling; LowerName is for matching (CMake ignores case).
  EXPECT_EQ(F.Commands[1].Name, "Add_Executable");
  EXPECT_EQ(F.Commands[1].LowerName, "add_executable");
  EXPECT_EQ(F.Commands[1].Line, 2u);
  EXPECT_EQ(F.Commands[1].Column, 3u);
  EXPECT_EQ(F.Commands[1].Args[1].Column, 23u);
  EXPECT_EQ(F.Commands[1].Args[1].Offset, 50u);
}

TEST(CMakeParser, QuotedArgumentsDecodeEscapesAndContinuations) {
  ParsedFile F = parseOk("set(X \"a\\\"b\\\\c\\td\\;e ${V} $ENV{ROCM_PATH}\" \"one \\\ntwo\")\n");
  ASSERT_EQ(F.Commands[0].Args.size(), 3u);
  const Argument &A = F.Commands[0].Args[1];
  EXPECT_EQ(A.Kind, Argument::Quoted);
  // \; stays escaped (it only matters when a list is split); references are kept as text.
  EXPECT_EQ(A.Value, "a\"b\\c\td\\;e ${V} $ENV{ROCM_PATH}");
  EXPECT_EQ(A.Raw.front(), '"');
  const Argument &B = F.Commands[0].Args[2];
  EXPECT_EQ(B.Value, "one two");
  EXPECT_EQ(B.Line, 1u);
  // Offsets inside the value map back to the source across the continuation.
  EXPECT_EQ(B.sourceOffsetOfValue(4), B.Offset + 1 + 4 + 2);
}

TEST(CMakeParser, QuotedArgumentsSpanLines) {
  ParsedFile F = parseOk("message(\"first\nsecond\" after)\n");
  ASSERT_EQ(F.Commands[0].Args.size(), 2u);
  EXPECT_EQ(F.Commands[0].Args[0].Value, "first\nsecond");
  EXPECT_EQ(F.Commands[0].Args[1].Line, 2u);
  EXPECT_EQ(F.Commands[0].Args[1].Column, 9u);
}

TEST(CMakeParser, BracketArgumentsOfAnyLevel) {
  ParsedFile F = parseOk("set(A [[x]] [=[y]]z]=] [==[\nline ]=] ]==])\n");
  const auto &Args = F.Commands[0].Args;
  ASSERT_EQ(Args.size(), 4u);
  EXPECT_EQ(Args[1].Kind, Argument::Bracket);
  EXPECT_EQ(Args[1].Value, "x");
  EXPECT_EQ(Args[2].Value, "y]]z");
  // The newline right after the opening bracket is not content.
  EXPECT_EQ(Args[3].Value, "line ]=] ");
  EXPECT_EQ(Args[3].sourceOffsetOfValue(0), Args[3].Offset + 5);
  // Nothing inside a bracket argument is interpreted.
  ParsedFile G = parseOk("set(B [[ ${X} \\ \" # ( ]])\n");
  EXPECT_EQ(G.Commands[0].Args[1].Value, " ${X} \\ \" # ( ");
}

TEST(CMakeParser, Comments) {
  ParsedFile F =
      parseOk("# line comment (with parens\n#[[bracket\ncomment]] # more\nfoo(a # inside\n b) # after\n#[=[x]=]\n");
  ASSERT_EQ(F.Commands.size(), 1u);
  EXPECT_EQ(F.Commands[0].Name, "foo");
  ASSERT_EQ(F.Commands[0].Args.size(), 2u);
  EXPECT_EQ(F.Commands[0].Args[1].Value, "b");
  EXPECT_EQ(F.Commands[0].Args[1].Line, 5u);
  ASSERT_EQ(F.Comments.size(), 6u);
  EXPECT_FALSE(F.Comments[0].IsBracket);
  EXPECT_TRUE(F.Comments[1].IsBracket);
  EXPECT_EQ(F.Comments[1].Text, "#[[bracket\ncomment]]");
  EXPECT_EQ(F.Comments[2].Text, "# more");
  EXPECT_EQ(F.Comments[3].Text, "# inside");
  EXPECT_EQ(F.Comments[3].Line, 4u);
  EXPECT_EQ(F.Comments[4].Text, "# after");
  EXPECT_TRUE(F.Comments[5].IsBracket);
  // As in CMake, a command may not follow a bracket comment on its line.
  EXPECT_EQ(parseBad("#[[x]] message(a)\n").str(),
            "1:8: expected a newline after the bracket comment, found a command");
}

TEST(CMakeParser, UnquotedEscapesReferencesAndLegacyForms) {
  ParsedFile F = parseOk("set(X a\\ b ${A}${B} $ENV{HOME}/x -Da=\"b c\" $(MAKE)x a[b=c a;b\\;c)\n");
  const auto &Args = F.Commands[0].Args;
  ASSERT_EQ(Args.size(), 8u);
  EXPECT_EQ(Args[1].Value, "a b");
  EXPECT_EQ(Args[2].Value, "${A}${B}");
  EXPECT_EQ(Args[3].Value, "$ENV{HOME}/x");
  EXPECT_EQ(Args[4].Value, "-Da=\"b c\""); // legacy: quotes kept, the space does not split
  EXPECT_EQ(Args[5].Value, "$(MAKE)x");
  EXPECT_EQ(Args[6].Value, "a[b=c");
  EXPECT_EQ(Args[7].Value, "a;b\\;c");
  // Value offsets map back to the source through each kind of escape.
  ParsedFile G = parseOk("set(Y a\\tb\\;c-D=\"x\\\"y\"z)\n");
  const Argument &A = G.Commands[0].Args[1];
  EXPECT_EQ(A.Value, "a\tb\\;c-D=\"x\\\"y\"z");
  EXPECT_EQ(A.Value.find('c'), 5u);
  EXPECT_EQ(A.sourceOffsetOfValue(5), A.Offset + 6);   // a tab decoded from two bytes, \; kept as two
  EXPECT_EQ(A.Value.find('z'), 15u);
  EXPECT_EQ(A.sourceOffsetOfValue(15), A.Offset + 16); // escapes inside legacy quotes are kept verbatim
}

TEST(CMakeParser, NestedParenthesesAreTokens) {
  ParsedFile F = parseOk("if((A OR B) AND (NOT C))\nendif()\n");
  const auto &Args = F.Commands[0].Args;
  ASSERT_EQ(Args.size(), 10u);
  EXPECT_EQ(Args[0].Kind, Argument::OpenParen);
  EXPECT_EQ(Args[4].Kind, Argument::CloseParen);
  EXPECT_EQ(Args[9].Kind, Argument::CloseParen);
  EXPECT_EQ(F.Commands[1].Args.size(), 0u);
}

TEST(CMakeParser, LineEndingsAndByteOrderMark) {
  ParsedFile F = parseOk("\xEF\xBB\xBFproject(a)\r\nset(X \"a\\\r\nb\")\r\n");
  ASSERT_EQ(F.Commands.size(), 2u);
  EXPECT_EQ(F.Commands[1].Line, 2u);
  EXPECT_EQ(F.Commands[1].Args[1].Value, "ab");
  EXPECT_TRUE(parseOk("").Commands.empty());
  EXPECT_TRUE(parseOk("\n\n  # only a comment").Commands.empty());
}

TEST(CMakeParser, LocatedErrors) {
  ParseError E = parseBad("set(X \"unterminated\n");
  EXPECT_EQ(E.str(), "1:7: unterminated quoted argument");
  E = parseBad("project(a)\nset(X [==[never closed ]=]\n");
  EXPECT_EQ(E.str(), "2:7: unterminated bracket argument; expected ']==]'");
  E = parseBad("#[[ open comment\n");
  EXPECT_EQ(E.str(), "1:1: unterminated bracket comment; expected ']]'");
  E = parseBad("set(X a\n");
  EXPECT_EQ(E.str(), "1:4: missing ')' to close the arguments of 'set'");
  E = parseBad("set(X a))\n");
  EXPECT_EQ(E.str(), "1:9: expected a newline after the command, found ')'");
  E = parseBad("set(X a)\n)\n");
  EXPECT_EQ(E.str(), "2:1: unexpected ')' outside a command invocation");
  E = parseBad("message(a)message(b)\n");
  EXPECT_EQ(E.Line, 1u);
  EXPECT_EQ(E.Column, 11u);
  E = parseBad("message\n");
  EXPECT_EQ(E.str(), "1:8: expected '(' after command name 'message'");
  E = parseBad("set(X [[a]]b)\n");
  EXPECT_EQ(E.str(), "1:12: argument not separated from the preceding bracket by whitespace");
  E = parseBad("set(X a\\\n b)\n");
  EXPECT_EQ(E.Column, 8u);
  E = parseBad("  42(x)\n");
  EXPECT_EQ(E.str(), "1:3: expected a command name, found '4'");
  E = parseBad("set(X a)\n\x01\n");
  EXPECT_EQ(E.str(), "2:1: expected a command name, found byte 0x01");
}

TEST(CMakeParser, BinaryJunkGivesALocatedError) {
  std::string Junk = "project(x)\n";
  Junk += std::string("ab\0cd", 5);
  ParseError E = parseBad(Junk);
  EXPECT_EQ(E.str(), "2:3: unexpected NUL byte; is this a binary file?");
  // Random bytes without NUL: always an error or a parse, never a crash.
  std::mt19937 Rng(7);
  for (int Round = 0; Round < 200; ++Round) {
    std::string S(1 + Rng() % 400, ' ');
    for (char &C : S)
      C = static_cast<char>(1 + Rng() % 255);
    ParsedFile F;
    ParseError Err;
    if (!parseCMake(S, F, Err)) {
      EXPECT_GE(Err.Line, 1u);
      EXPECT_GE(Err.Column, 1u);
      EXPECT_FALSE(Err.Message.empty());
    }
  }
}

TEST(CMakeParser, HostileNestingAndSizeAreBounded) {
  std::string Deep = "if" + std::string(100000, '(');
  ParseError E = parseBad(Deep);
  EXPECT_EQ(E.Message, "parentheses nested more than 1000 deep");
  EXPECT_EQ(E.Column, 3u + MaxNesting);
}

TEST(CMakeParser, FiftyMegabytes) {
  // A realistic 50 MB file parses in one pass; an unterminated quote at its end is found.
  std::string Line = "target_link_libraries(lib PRIVATE m pthread \"${X}\" [[b]]) # c\n";
  std::string Big;
  Big.reserve(50u << 20);
  while (Big.size() < (50u << 20))
    Big += Line;
  struct Count : ParseCallbacks {
    size_t Commands = 0, Args = 0;
    unsigned LastLine = 0;
    void command(const Command &C) override {
      ++Commands;
      Args += C.Args.size();
      LastLine = C.Line;
    }
  } C;
  ParseError E;
  ASSERT_TRUE(parseCMake(Big, C, E)) << E.str();
  size_t Lines = Big.size() / Line.size();
  EXPECT_EQ(C.Commands, Lines);
  EXPECT_EQ(C.Args, Lines * 6);
  EXPECT_EQ(C.LastLine, Lines);
  Big += "set(X \"open";
  Count C2;
  EXPECT_FALSE(parseCMake(Big, C2, E));
  EXPECT_EQ(E.Line, Lines + 1);
  EXPECT_EQ(E.Column, 7u);
}

TEST(CMakeParser, LineCursorGoesBothWays) {
  std::string_view S = "ab\ncd\n\nef";
  LineCursor L(S);
  EXPECT_EQ(L.locate(8).Line, 4u);
  EXPECT_EQ(L.locate(8).Column, 2u);
  EXPECT_EQ(L.locate(1).Line, 1u);
  EXPECT_EQ(L.locate(1).Column, 2u);
  EXPECT_EQ(L.locate(6).Line, 3u);
  EXPECT_EQ(L.locate(4).Line, 2u);
  EXPECT_EQ(L.locate(4).Column, 2u);
  EXPECT_EQ(L.locate(2).Line, 1u); // the newline belongs to the line it ends
  EXPECT_EQ(L.locate(3).Line, 2u);
}
