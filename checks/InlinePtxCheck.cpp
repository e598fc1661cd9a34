#include "InlinePtxCheck.h"

#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Basic/CharInfo.h"
#include "clang/Lex/Preprocessor.h"
#include "clang-tidy/utils/OptionsUtils.h"
#include "core/WarpTables.h"

using namespace clang::ast_matchers;

namespace clang::tidy::rocm {

namespace {

// The PTX instruction families a port meets, each with what replaces it in HIP. An instruction is
// PTX when its opcode is one of these and at least one of its dot-suffixes is a PTX type, state
// space or modifier: ARM's "add.w" or "vadd.f32" and AMDGCN's "v_add_u32" do not qualify.
struct PtxRemedy {
  llvm::StringLiteral Opcode;
  llvm::StringLiteral Remedy;
};
constexpr PtxRemedy PtxOpcodes[] = {
    {"abs", "plain C++ arithmetic"},
    {"activemask", "__activemask() or __ballot(1)"},
    {"add", "plain C++ arithmetic (64-bit integers or __builtin_addc for carry chains)"},
    {"addc", "64-bit integer arithmetic or __builtin_addc"},
    {"and", "plain C++ bitwise operators"},
    {"atom", "atomicAdd/atomicCAS and the other HIP atomics"},
    {"bar", "__syncthreads()"},
    {"barrier", "__syncthreads()"},
    {"bfe", "a shift and mask (or __bitextract_u32)"},
    {"bfi", "a shift and mask"},
    {"brev", "__brev()"},
    {"clz", "__clz()"},
    {"cp", "plain loads into __shared__ memory"},
    {"cvt", "a C++ conversion or the HIP conversion intrinsics (__float2half_rn, __float2int_rn, ...)"},
    {"cvta", "a plain pointer"},
    {"div", "plain C++ arithmetic"},
    {"dp2a", "__builtin_amdgcn_sdot2/udot2 or plain arithmetic"},
    {"dp4a", "__builtin_amdgcn_sdot4/udot4 or plain arithmetic"},
    {"ex2", "exp2f() or __builtin_amdgcn_exp2f"},
    {"fence", "__threadfence() or __atomic_thread_fence"},
    {"fma", "fmaf() or __fmaf_rn()"},
    {"ld", "a plain load (__ldg() for ld.global.nc, __builtin_nontemporal_load for streaming hints)"},
    {"ldmatrix", "rocWMMA or the __builtin_amdgcn_mfma_* intrinsics"},
    {"lg2", "log2f()"},
    {"lop3", "plain C++ bitwise operators"},
    {"mad", "plain C++ arithmetic (64-bit integers or __builtin_addc for carry chains)"},
    {"madc", "64-bit integer arithmetic or __builtin_addc"},
    {"match", "a loop over __ballot() results"},
    {"max", "max()/fmaxf()"},
    {"mbarrier", "__syncthreads()"},
    {"membar", "__threadfence() or __threadfence_block()"},
    {"min", "min()/fminf()"},
    {"mma", "rocWMMA or the __builtin_amdgcn_mfma_* intrinsics"},
    {"mov", "plain C++ (special registers: __lane_id(), __smid(), clock64())"},
    {"movmatrix", "rocWMMA or the __builtin_amdgcn_mfma_* intrinsics"},
    {"mul", "plain C++ arithmetic (__umulhi()/__mul24() for the hi and 24-bit forms)"},
    {"neg", "plain C++ arithmetic"},
    {"not", "plain C++ bitwise operators"},
    {"or", "plain C++ bitwise operators"},
    {"popc", "__popc()/__popcll()"},
    {"prefetch", "nothing (drop the prefetch)"},
    {"prmt", "__byte_perm()"},
    {"rcp", "__frcp_rn() or 1.0f / x"},
    {"red", "atomicAdd and the other HIP atomics"},
    {"redux", "a shuffle reduction over warpSize lanes"},
    {"rsqrt", "rsqrtf()"},
    {"selp", "the ?: operator"},
    {"set", "a C++ comparison"},
    {"setp", "a C++ comparison"},
    {"shf", "a funnel shift written with 64-bit shifts"},
    {"shfl", "__shfl(), __shfl_xor(), __shfl_up() or __shfl_down()"},
    {"shl", "plain C++ shifts"},
    {"shr", "plain C++ shifts"},
    {"sqrt", "sqrtf()"},
    {"st", "a plain store (__builtin_nontemporal_store for streaming hints)"},
    {"sub", "plain C++ arithmetic (64-bit integers or __builtin_subc for borrow chains)"},
    {"subc", "64-bit integer arithmetic or __builtin_subc"},
    {"tanh", "tanhf()"},
    {"vote", "__ballot(), __any() or __all()"},
    {"wmma", "rocWMMA or the __builtin_amdgcn_mfma_* intrinsics"},
    {"xor", "plain C++ bitwise operators"},
};

// Suffixes only PTX puts after an opcode: types, state spaces, rounding and the modifiers of
// shuffles, votes, carries and memory ordering.
constexpr llvm::StringLiteral PtxSuffixes[] = {
    "u8",  "u16",   "u32",  "u64",     "s8",      "s16",     "s32",    "s64",   "b8",      "b16",   "b32",
    "b64", "b128",  "f16",  "f16x2",   "bf16",    "bf16x2",  "f32",    "f64",   "tf32",    "pred",  "e4m3",
    "e5m2", "global", "shared", "local", "const",  "param",   "cc",     "sync",  "aligned", "rn",    "rz",
    "rm",  "rp",    "rni",  "rzi",     "sat",     "ftz",     "approx", "full",  "lo",      "hi",    "wide",
    "bfly", "idx",  "up",   "down",    "ballot",  "any",     "all",    "uni",   "nc",      "cg",    "cs",
    "ca",  "lu",    "cv",   "wb",      "wt",      "volatile", "relaxed", "acquire", "release", "acq_rel",
    "sc",  "cta",   "gpu",  "sys",     "async",   "v2",      "v4",     "x1",    "x2",      "x4",    "trans",
    "row", "col",   "m16n8k16", "m16n8k8", "m8n8k4", "m16n8k32", "ca", "eq",   "ne",      "lt",    "le",
    "gt",  "ge",    "ltu",  "leu",     "gtu",     "geu",     "ls",     "hs",    "clamp",   "wrap",  "l",
    "r",   "gl",    "f",    "b",       "p",       "ecl",     "satfinite",
};

constexpr llvm::StringLiteral PtxDirectives[] = {"reg", "local", "shared", "param", "pragma"};

// Special registers, spelled %%name in a GCC asm template.
struct SpecialRegister {
  llvm::StringLiteral Name;
  llvm::StringLiteral Remedy;
};
constexpr SpecialRegister PtxRegisters[] = {
    {"laneid", "__lane_id()"},
    {"lanemask_lt", "__lanemask_lt()"},
    {"lanemask_le", "__lanemask_lt() | (1ull << __lane_id())"},
    {"lanemask_eq", "1ull << __lane_id()"},
    {"lanemask_gt", "~__lanemask_lt() << 1 style masks built from __lane_id()"},
    {"lanemask_ge", "masks built from __lane_id()"},
    {"warpid", "threadIdx-based warp numbers (linear thread index / warpSize)"},
    {"nwarpid", "blockDim-based warp counts"},
    {"smid", "__smid()"},
    {"nsmid", "hipDeviceProp_t::multiProcessorCount passed in by the host"},
    {"clock64", "clock64() or wall_clock64()"},
    {"clock", "clock() or wall_clock64()"},
    {"globaltimer", "wall_clock64()"},
    {"dynamic_smem_size", "the size passed to the launch"},
    {"tid", "threadIdx"},
    {"ntid", "blockDim"},
    {"ctaid", "blockIdx"},
    {"nctaid", "gridDim"},
};

struct PtxEvidence {
  std::string Spelling;
  llvm::StringRef Remedy;
};

template <typename Range> bool contains(const Range &R, llvm::StringRef S) {
  for (const auto &X : R)
    if (S == X)
      return true;
  return false;
}

std::optional<PtxEvidence> instructionEvidence(llvm::StringRef Insn) {
  Insn = Insn.trim();
  // Braces open PTX scopes; "@p" and "@!p" are predicate guards; "L1:" is a label.
  while (true) {
    Insn = Insn.ltrim(" \t{}");
    if (Insn.consume_front("@")) {
      Insn = Insn.drop_while([](char C) { return !isWhitespace(C); });
      continue;
    }
    size_t Colon = Insn.find(':');
    if (Colon != llvm::StringRef::npos && Colon > 0 &&
        llvm::all_of(Insn.take_front(Colon), [](char C) { return isAsciiIdentifierContinue(C) || C == '$'; })) {
      Insn = Insn.drop_front(Colon + 1);
      continue;
    }
    break;
  }
  // Operands may follow without a space when the template is split into adjacent literals
  // ("...shared.b16" "{%0, %1}, [%2];").
  llvm::StringRef Token =
      Insn.take_until([](char C) { return isWhitespace(C) || C == ',' || C == '{' || C == '['; });
  if (Token.empty())
    return std::nullopt;
  if (Token.starts_with(".")) {
    if (contains(PtxDirectives, Token.drop_front()))
      return PtxEvidence{Token.str(), "a local variable"};
    return std::nullopt;
  }
  llvm::SmallVector<llvm::StringRef, 6> Parts;
  Token.split(Parts, '.');
  if (Parts.size() < 2)
    return std::nullopt;
  const PtxRemedy *Family = nullptr;
  for (const PtxRemedy &R : PtxOpcodes)
    if (Parts[0] == R.Opcode)
      Family = &R;
  if (!Family)
    return std::nullopt;
  for (llvm::StringRef Suffix : llvm::ArrayRef(Parts).drop_front())
    if (contains(PtxSuffixes, Suffix))
      return PtxEvidence{Token.str(), Family->Remedy};
  return std::nullopt;
}

// The first sign of PTX in an asm template, or nothing when it reads as another ISA.
std::optional<PtxEvidence> findPtx(llvm::StringRef Template) {
  // %%laneid and friends are PTX wherever they appear, even in an instruction we do not know.
  for (size_t Pos = Template.find("%%"); Pos != llvm::StringRef::npos; Pos = Template.find("%%", Pos + 2)) {
    llvm::StringRef Name = Template.drop_front(Pos + 2).take_while([](char C) { return isAsciiIdentifierContinue(C); });
    for (const SpecialRegister &R : PtxRegisters)
      if (Name == R.Name)
        return PtxEvidence{("%%" + Name).str(), R.Remedy};
  }
  llvm::SmallVector<llvm::StringRef, 8> Lines;
  Template.split(Lines, '\n');
  for (llvm::StringRef Line : Lines) {
    // PTX comments are C++ style; AMDGCN's ';' would make the rest of a line a comment there,
    // but in PTX it ends the instruction.
    if (size_t C = Line.find("//"); C != llvm::StringRef::npos)
      Line = Line.take_front(C);
    llvm::SmallVector<llvm::StringRef, 4> Insns;
    Line.split(Insns, ';');
    for (llvm::StringRef Insn : Insns)
      if (std::optional<PtxEvidence> E = instructionEvidence(Insn))
        return E;
  }
  return std::nullopt;
}

} // namespace

InlinePtxCheck::InlinePtxCheck(StringRef Name, ClangTidyContext *Context)
    : ClangTidyCheck(Name, Context),
      PlatformMacrosSpelling(Options.get("PlatformMacros", rocmtidy::allPlatformMacrosSpelling()).str()) {}

void InlinePtxCheck::storeOptions(ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "PlatformMacros", PlatformMacrosSpelling);
}

void InlinePtxCheck::registerPPCallbacks(const SourceManager &SM, Preprocessor *PP, Preprocessor *) {
  std::vector<std::string> Macros;
  for (StringRef M : utils::options::parseStringList(PlatformMacrosSpelling))
    Macros.push_back(M.str());
  Guards.emplace(std::move(Macros));
  PP->addPPCallbacks(Guards->makeCallbacks(SM, *PP));
}

void InlinePtxCheck::registerMatchers(MatchFinder *Finder) {
  // The template pattern is enough: an instantiation repeats the same string.
  Finder->addMatcher(asmStmt(unless(isInTemplateInstantiation())).bind("asm"), this);
}

void InlinePtxCheck::check(const MatchFinder::MatchResult &Result) {
  // MS-style __asm blocks are host x86 code, never PTX.
  const auto *Asm = dyn_cast_or_null<GCCAsmStmt>(Result.Nodes.getNodeAs<AsmStmt>("asm"));
  if (!Asm)
    return;
  const SourceManager &SM = *Result.SourceManager;
  const StringLiteral *Str = Asm->getAsmString();
  if (!Str || SM.isInSystemHeader(SM.getSpellingLoc(Asm->getAsmLoc())))
    return;
  std::optional<PtxEvidence> E = findPtx(Str->getString());
  if (!E)
    return;
  // A platform switch around the statement, or around the macro that spells it, means the
  // author already chose what the AMD build gets.
  if (Guards && (Guards->contains(SM, Asm->getAsmLoc()) || Guards->contains(SM, SM.getSpellingLoc(Asm->getAsmLoc())) ||
                 Guards->contains(SM, SM.getSpellingLoc(Str->getBeginLoc()))))
    return;
  SourceLocation Loc = Str->getBeginLoc().isMacroID() ? Asm->getAsmLoc() : Str->getBeginLoc();
  diag(Loc, "inline PTX assembly '%0' is rejected by the AMDGPU assembler in a HIP build; use %1 on AMD, "
            "or keep the asm under '#if !defined(__HIP_PLATFORM_AMD__)'")
      << E->Spelling << E->Remedy << Str->getSourceRange();
}

} // namespace clang::tidy::rocm
