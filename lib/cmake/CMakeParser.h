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

/// Limits that keep hostile input from exhausting memory; real CMake files stay far below them.
constexpr unsigned MaxNesting = 1000;            // nested parentheses inside one command
constexpr unsigned MaxArgumentsPerCommand = 1000000;

struct ParseError {
  unsigned Offset = 0, Line = 0, Column = 0;
  std::string Message;
  /// The parse stopped at an @NAME@ placeholder where a command name belongs: the text is the input
  /// of configure_file(... @ONLY), which CMake copies with the placeholders filled, not a script.
  bool AtPlaceholder = false;
  /// The parse stopped at a generator's template tag where a command name belongs ('{%', '{{',
  /// '{#': Jinja, as kernel builders' CMake templates are written): text a tool expands into a
  /// script, not a script.
  bool TemplateTag = false;
  /// "LINE:COL: message"
  std::string str() const;
};

/// Maps byte offsets to 1-based line and column numbers without a per-line table: it walks from
/// the last offset asked, so mostly increasing queries cost time linear in the file.
class LineCursor {
public:
  explicit LineCursor(std::string_view Content) : S(Content) {}
  struct Position {
    unsigned Line, Column;
  };
  Position locate(unsigned Offset);

private:
  std::string_view S;
  unsigned Pos = 0, Line = 1, LineStart = 0;
};

/// Receives the parse as it goes: one call per command (its Args complete) and per comment, in
/// source order. The Command passed is reused for the next one.
struct ParseCallbacks {
  virtual ~ParseCallbacks() = default;
  virtual void command(const Command &C) = 0;
  virtual void comment(const Comment &C) {}
};

/// Parses \p Content in one pass with memory bounded by the largest command. Returns false and
/// fills \p Error on malformed input (callbacks may have run for the commands before it); never
/// throws or recurses.
bool parseCMake(std::string_view Content, ParseCallbacks &Callbacks, ParseError &Error);
/// The same, collecting everything (for tests and the --dump view). Out is empty on error.
bool parseCMake(std::string_view Content, ParsedFile &Out, ParseError &Error);

} // namespace rocmtidy::cmake

#endif
