#ifndef ROCM_TIDY_CMAKE_CMAKEPARSER_H
#define ROCM_TIDY_CMAKE_CMAKEPARSER_H

// A front end for the CMake language as cmake-language(7) defines it: command invocations,
// bracket/quoted/unquoted arguments, bracket and line comments. Variable references are kept as
// text (the linter never evaluates anything). Every argument keeps its exact byte offset, line
// and column, and malformed input gives one located error instead of a partial parse.

#include <string>
#include <string_view>
#include <vector>

namespace rocmtidy::cmake {

struct Argument {
  enum KindT { Unquoted, Quoted, Bracket, OpenParen, CloseParen };
  KindT Kind = Unquoted;
  std::string_view Raw;   // the source text, delimiters included
  std::string Value;      // escapes decoded and continuations removed; references kept as text
  unsigned Offset = 0;    // byte offset of the first character of Raw
  unsigned Line = 0;      // 1-based
  unsigned Column = 0;    // 1-based, in bytes

  /// True for the nested-parenthesis tokens of a condition such as if((A) OR B).
  bool isParen() const { return Kind == OpenParen || Kind == CloseParen; }
  /// Whether the value can be edited in place: no escapes, continuations or delimiters between
  /// Raw and Value apart from the quotes or brackets themselves.
  unsigned valueOffset() const;
  /// Source offset of byte \p Index of Value (Value.size() maps to the end of the content).
  unsigned sourceOffsetOfValue(size_t Index) const;
};

struct Command {
  std::string_view Name;  // as written; CMake command names are case-insensitive
  std::string LowerName;
  unsigned Offset = 0, Line = 0, Column = 0;
  unsigned EndOffset = 0; // one past the closing parenthesis
  unsigned EndLine = 0;
  std::vector<Argument> Args;
};

struct Comment {
  std::string_view Text;  // from '#' to the end of the line (or of the bracket)
  unsigned Offset = 0, Line = 0, Column = 0;
  bool IsBracket = false;
};

struct ParsedFile {
  std::vector<Command> Commands;
  std::vector<Comment> Comments;
};

struct ParseError {
  unsigned Offset = 0, Line = 0, Column = 0;
  std::string Message;
  /// "LINE:COL: message"
  std::string str() const;
};

/// Maps byte offsets to 1-based line and column numbers.
class LineTable {
public:
  explicit LineTable(std::string_view Content);
  unsigned line(unsigned Offset) const;
  unsigned column(unsigned Offset) const;

private:
  std::vector<unsigned> Starts;
};

/// Parses \p Content. Returns false and fills \p Error on malformed input; never throws, recurses
/// or allocates more than a constant factor of the input.
bool parseCMake(std::string_view Content, ParsedFile &Out, ParseError &Error);

} // namespace rocmtidy::cmake

#endif
