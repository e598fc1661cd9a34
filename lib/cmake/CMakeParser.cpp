#include "cmake/CMakeParser.h"

#include <algorithm>
#include <cstring>
#include <limits>

namespace rocmtidy::cmake {

std::string ParseError::str() const {
  return std::to_string(Line) + ":" + std::to_string(Column) + ": " + Message;
}

LineCursor::Position LineCursor::locate(unsigned Offset) {
  if (Offset > S.size())
    Offset = static_cast<unsigned>(S.size());
  const char *B = S.data();
  if (Offset >= Pos) {
    for (const char *P = B + Pos, *E = B + Offset; P < E;) {
      const void *NL = std::memchr(P, '\n', E - P);
      if (!NL)
        break;
      P = static_cast<const char *>(NL) + 1;
      ++Line;
      LineStart = static_cast<unsigned>(P - B);
    }
  } else if (Offset < LineStart) {
    for (unsigned I = Offset; I < LineStart; ++I)
      if (B[I] == '\n')
        --Line;
    unsigned Start = Offset;
    while (Start > 0 && B[Start - 1] != '\n')
      --Start;
    LineStart = Start;
  }
  Pos = Offset;
  return {Line, Offset - LineStart + 1};
}

unsigned Argument::valueOffset() const {
  switch (Kind) {
  case Quoted:
    return Offset + 1;
  case Bracket: {
    // The parser drops a newline right after the opening bracket from the value.
    size_t Open = Raw.find('[', 1) + 1;
    if (Raw.substr(Open, 1) == "\n")
      Open += 1;
    else if (Raw.substr(Open, 2) == "\r\n")
      Open += 2;
    return Offset + static_cast<unsigned>(Open);
  }
  default:
    return Offset;
  }
}

unsigned Argument::sourceOffsetOfValue(size_t Index) const {
  unsigned Start = valueOffset();
  if (Kind == Bracket || isParen())
    return Start + static_cast<unsigned>(Index);
  // Walk the raw text the way the parser decoded it; Value never grows past Raw.
  std::string_view Body = Raw.substr(Start - Offset);
  size_t V = 0, R = 0;
  bool Legacy = false; // inside a "..." of an unquoted argument: escapes are kept verbatim
  while (R < Body.size()) {
    if (Kind == Unquoted && Body[R] == '"')
      Legacy = !Legacy;
    if (Legacy && Body[R] == '\\' && R + 1 < Body.size()) {
      if (V >= Index)
        break;
      V += 2;
      R += 2;
      continue;
    }
    if (Body[R] == '\\' && R + 1 < Body.size()) {
      char N = Body[R + 1];
      if (N == '\n') { // continuation: contributes nothing
        R += 2;
        continue;
      }
      if (N == '\r' && R + 2 < Body.size() && Body[R + 2] == '\n') {
        R += 3;
        continue;
      }
      if (V >= Index)
        break;
      V += N == ';' ? 2 : 1;
      R += 2;
      continue;
    }
    if (V >= Index)
      break;
    ++V;
    ++R;
  }
  return Start + static_cast<unsigned>(R);
}

namespace {

bool isSpace(char C) { return C == ' ' || C == '\t' || C == '\r'; }
bool isIdentStart(char C) { return (C >= 'A' && C <= 'Z') || (C >= 'a' && C <= 'z') || C == '_'; }
bool isIdentChar(char C) { return isIdentStart(C) || (C >= '0' && C <= '9'); }

std::string describe(char C) {
  unsigned char U = static_cast<unsigned char>(C);
  if (U >= 0x21 && U < 0x7f)
    return std::string("'") + C + "'";
  static const char Hex[] = "0123456789abcdef";
  return std::string("byte 0x") + Hex[U >> 4] + Hex[U & 15];
}

class Parser {
public:
  Parser(std::string_view S, ParseCallbacks &CB, ParseError &Err) : S(S), CB(CB), Err(Err), Lines(S) {}

  bool run() {
    if (S.size() >= std::numeric_limits<unsigned>::max())
      return fail(0, "file is too large (4 GiB or more)");
    if (const void *Nul = std::memchr(S.data(), '\0', S.size()))
      return fail(static_cast<const char *>(Nul) - S.data(), "unexpected NUL byte; is this a binary file?");
    // A UTF-8 byte order mark is allowed before the first command.
    if (S.substr(0, 3) == "\xEF\xBB\xBF")
      P = 3;
    // A bracket comment may share a line with another comment, never with a command after it.
    bool BracketOnLine = false;
    while (P < S.size()) {
      char C = S[P];
      if (isSpace(C) || C == '\n') {
        if (C == '\n')
          BracketOnLine = false;
        ++P;
      } else if (C == '#') {
        if (!comment())
          return false;
        BracketOnLine = BracketOnLine || LastCommentWasBracket;
      } else if (isIdentStart(C)) {
        if (BracketOnLine)
          return fail(P, "expected a newline after the bracket comment, found a command");
        if (!command())
          return false;
      } else if (C == ')' || C == '(') {
        return fail(P, std::string("unexpected '") + C + "' outside a command invocation");
      } else {
        Err.AtPlaceholder = C == '@' && placeholderAt(P);
        Err.TemplateTag = C == '{' && P + 1 < S.size() && (S[P + 1] == '%' || S[P + 1] == '{' || S[P + 1] == '#');
        return fail(P, "expected a command name, found " + describe(C));
      }
    }
    return true;
  }

private:
  std::string_view S;
  ParseCallbacks &CB;
  ParseError &Err;
  LineCursor Lines;
  size_t P = 0;
  Command Cmd; // reused: its argument vector keeps its capacity
  bool LastCommentWasBracket = false;

  /// "@NAME@" at \p At, NAME a C identifier.
  bool placeholderAt(size_t At) const {
    size_t I = At + 1;
    while (I < S.size() && isIdentChar(S[I]))
      ++I;
    return I > At + 1 && I < S.size() && S[I] == '@';
  }

  bool fail(size_t At, std::string Msg) {
    Err.Offset = static_cast<unsigned>(At);
    LineCursor::Position Pos = Lines.locate(Err.Offset);
    Err.Line = Pos.Line;
    Err.Column = Pos.Column;
    Err.Message = std::move(Msg);
    return false;
  }

  /// Length of a bracket opener "[", "="*, "[" at \p At, or 0.
  size_t bracketOpen(size_t At) const {
    if (At >= S.size() || S[At] != '[')
      return 0;
    size_t Q = At + 1;
    while (Q < S.size() && S[Q] == '=')
      ++Q;
    return Q < S.size() && S[Q] == '[' ? Q - At + 1 : 0;
  }

  static std::string closer(size_t Open) {
    std::string Close(Open, '=');
    Close.front() = ']';
    Close.back() = ']';
    return Close;
  }

  /// The offset one past the closer of a bracket construct whose opener (length \p Open) starts at
  /// \p At, or npos.
  size_t bracketEnd(size_t At, size_t Open) const {
    std::string Close = closer(Open);
    size_t Found = S.find(Close, At + Open);
    return Found == std::string_view::npos ? Found : Found + Close.size();
  }

  bool comment() {
    size_t Start = P;
    Comment C;
    C.Offset = static_cast<unsigned>(Start);
    LineCursor::Position Pos = Lines.locate(C.Offset);
    C.Line = Pos.Line;
    C.Column = Pos.Column;
    if (size_t Open = bracketOpen(P + 1)) {
      size_t End = bracketEnd(P + 1, Open);
      if (End == std::string_view::npos)
        return fail(Start, "unterminated bracket comment; expected '" + closer(Open) + "'");
      P = End;
      C.IsBracket = true;
    } else {
      size_t NL = S.find('\n', P);
      P = NL == std::string_view::npos ? S.size() : NL;
    }
    C.Text = S.substr(Start, P - Start);
    LastCommentWasBracket = C.IsBracket;
    CB.comment(C);
    return true;
  }

  Argument *newArg(Argument::KindT Kind, size_t Start) {
    if (Cmd.Args.size() >= MaxArgumentsPerCommand) {
      fail(Start, "more than " + std::to_string(MaxArgumentsPerCommand) + " arguments in one command");
      return nullptr;
    }
    Argument &A = Cmd.Args.emplace_back();
    A.Kind = Kind;
    A.Offset = static_cast<unsigned>(Start);
    LineCursor::Position Pos = Lines.locate(A.Offset);
    A.Line = Pos.Line;
    A.Column = Pos.Column;
    return &A;
  }

  bool command() {
    size_t Start = P;
    while (P < S.size() && isIdentChar(S[P]))
      ++P;
    Cmd.Args.clear();
    Cmd.Name = S.substr(Start, P - Start);
    Cmd.LowerName.assign(Cmd.Name);
    for (char &Ch : Cmd.LowerName)
      if (Ch >= 'A' && Ch <= 'Z')
        Ch = static_cast<char>(Ch - 'A' + 'a');
    Cmd.Offset = static_cast<unsigned>(Start);
    LineCursor::Position Pos = Lines.locate(Cmd.Offset);
    Cmd.Line = Pos.Line;
    Cmd.Column = Pos.Column;
    while (P < S.size() && isSpace(S[P]))
      ++P;
    if (P >= S.size() || S[P] != '(')
      return fail(P < S.size() ? P : Start, "expected '(' after command name '" + std::string(Cmd.Name) + "'");
    size_t OpenParen = P++;
    unsigned Depth = 1;
    // After a quoted or bracket argument the next one should be separated by whitespace; CMake
    // only rejects a missing separation after a bracket (argument or comment).
    bool NeedSeparation = false;
    while (true) {
      if (P >= S.size())
        return fail(OpenParen, "missing ')' to close the arguments of '" + std::string(Cmd.Name) + "'");
      char C = S[P];
      if (isSpace(C) || C == '\n') {
        ++P;
        NeedSeparation = false;
        continue;
      }
      if (C == '#') {
        if (!comment())
          return false;
        NeedSeparation = LastCommentWasBracket;
        continue;
      }
      if (C == '(' || C == ')') {
        if (C == ')' && --Depth == 0) {
          ++P;
          break;
        }
        if (C == '(' && ++Depth > MaxNesting)
          return fail(P, "parentheses nested more than " + std::to_string(MaxNesting) + " deep");
        Argument *A = newArg(C == '(' ? Argument::OpenParen : Argument::CloseParen, P);
        if (!A)
          return false;
        A->Raw = S.substr(P, 1);
        A->Value.assign(1, C);
        ++P;
        NeedSeparation = false;
        continue;
      }
      if (NeedSeparation)
        return fail(P, "argument not separated from the preceding bracket by whitespace");
      bool Ok;
      if (C == '"')
        Ok = quoted();
      else if (size_t Open = bracketOpen(P))
        Ok = bracket(Open);
      else
        Ok = unquoted();
      if (!Ok)
        return false;
      NeedSeparation = Cmd.Args.back().Kind == Argument::Bracket;
    }
    Cmd.EndOffset = static_cast<unsigned>(P);
    Cmd.EndLine = Lines.locate(Cmd.EndOffset - 1).Line;
    CB.command(Cmd);
    // A command ends its line: only blanks and comments may follow it.
    while (P < S.size()) {
      char C = S[P];
      if (isSpace(C)) {
        ++P;
      } else if (C == '#') {
        if (!comment())
          return false;
        if (!LastCommentWasBracket)
          break;
      } else if (C == '\n') {
        break;
      } else {
        return fail(P, "expected a newline after the command, found " + describe(C));
      }
    }
    return true;
  }

  bool bracket(size_t Open) {
    size_t Start = P;
    size_t End = bracketEnd(Start, Open);
    if (End == std::string_view::npos)
      return fail(Start, "unterminated bracket argument; expected '" + closer(Open) + "'");
    Argument *A = newArg(Argument::Bracket, Start);
    if (!A)
      return false;
    A->Raw = S.substr(Start, End - Start);
    size_t ContentStart = Start + Open;
    // A newline right after the opening bracket is not part of the content.
    if (ContentStart < End && S[ContentStart] == '\n')
      ++ContentStart;
    else if (ContentStart + 1 < End && S[ContentStart] == '\r' && S[ContentStart + 1] == '\n')
      ContentStart += 2;
    A->Value.assign(S.substr(ContentStart, End - Open - ContentStart));
    P = End;
    return true;
  }

  /// Appends the decoded escape at P (a backslash) to \p Value; false if none is possible.
  bool escape(std::string &Value) {
    if (P + 1 >= S.size() || S[P + 1] == '\n')
      return false;
    char N = S[P + 1];
    switch (N) {
    case 't': Value += '\t'; break;
    case 'n': Value += '\n'; break;
    case 'r': Value += '\r'; break;
    case ';': Value += "\\;"; break; // stays escaped: it only means something when lists are split
    default: Value += N; break;
    }
    P += 2;
    return true;
  }

  bool quoted() {
    size_t Start = P++;
    std::string Value;
    while (true) {
      // Copy plain runs in one go.
      size_t Run = P;
      while (Run < S.size() && S[Run] != '"' && S[Run] != '\\')
        ++Run;
      Value.append(S.substr(P, Run - P));
      P = Run;
      if (P >= S.size())
        return fail(Start, "unterminated quoted argument");
      if (S[P] == '"')
        break;
      // A backslash: a line continuation or an escape.
      if (P + 1 < S.size() && S[P + 1] == '\n') {
        P += 2;
        continue;
      }
      if (P + 2 < S.size() && S[P + 1] == '\r' && S[P + 2] == '\n') {
        P += 3;
        continue;
      }
      if (!escape(Value))
        return fail(Start, "unterminated quoted argument");
    }
    ++P;
    Argument *A = newArg(Argument::Quoted, Start);
    if (!A)
      return false;
    A->Raw = S.substr(Start, P - Start);
    A->Value = std::move(Value);
    return true;
  }

  static bool endsUnquoted(char C) {
    return isSpace(C) || C == '\n' || C == '(' || C == ')' || C == '#' || C == '\\' || C == '"' || C == '$';
  }

  bool unquoted() {
    size_t Start = P;
    std::string Value;
    while (P < S.size()) {
      size_t Run = P;
      while (Run < S.size() && !endsUnquoted(S[Run]))
        ++Run;
      Value.append(S.substr(P, Run - P));
      P = Run;
      if (P >= S.size())
        break;
      char C = S[P];
      if (isSpace(C) || C == '\n' || C == '(' || C == ')' || C == '#')
        break;
      if (C == '\\') {
        if (!escape(Value))
          return fail(P, "a backslash must be followed by a character on the same line");
        continue;
      }
      if (C == '"') {
        // A quoted string right after unquoted text: legacy syntax, kept with its quotes.
        if (P == Start)
          break;
        size_t QStart = P;
        Value += C;
        ++P;
        while (true) {
          if (P >= S.size() || S[P] == '\n')
            return fail(QStart, "unterminated quoted string inside an unquoted argument");
          if (S[P] == '\\' && P + 1 < S.size() && S[P + 1] != '\n') {
            Value.append(S.substr(P, 2));
            P += 2;
            continue;
          }
          Value += S[P];
          if (S[P++] == '"')
            break;
        }
        continue;
      }
      // C == '$'
      if (P + 1 < S.size() && S[P + 1] == '(') {
        // Legacy make-style reference $(VAR): its parentheses do not nest.
        size_t Q = P + 2;
        while (Q < S.size() && isIdentChar(S[Q]))
          ++Q;
        if (Q < S.size() && S[Q] == ')') {
          Value.append(S.substr(P, Q + 1 - P));
          P = Q + 1;
          continue;
        }
      }
      Value += C;
      ++P;
    }
    Argument *A = newArg(Argument::Unquoted, Start);
    if (!A)
      return false;
    A->Raw = S.substr(Start, P - Start);
    A->Value = std::move(Value);
    return true;
  }
};

struct Collector : ParseCallbacks {
  ParsedFile &Out;
  explicit Collector(ParsedFile &Out) : Out(Out) {}
  void command(const Command &C) override { Out.Commands.push_back(C); }
  void comment(const Comment &C) override { Out.Comments.push_back(C); }
};

} // namespace

bool parseCMake(std::string_view Content, ParseCallbacks &Callbacks, ParseError &Error) {
  Parser Ps(Content, Callbacks, Error);
  return Ps.run();
}

bool parseCMake(std::string_view Content, ParsedFile &Out, ParseError &Error) {
  Out = ParsedFile();
  Collector C(Out);
  if (parseCMake(Content, C, Error))
    return true;
  Out = ParsedFile();
  return false;
}

} // namespace rocmtidy::cmake
