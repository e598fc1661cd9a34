// A __host__ __device__ helper that reads 'warpSize' ('cal_wave_size(n)' choosing a block shape)
// compiles for the host only as long as HIP declares 'warpSize' for the host too. ROCm 7 makes it a
// device-only value: clang then rejects the read in every helper the host pass emits, that is every
// helper a host function calls. The read itself is fine in device code; the finding goes on the host
// call, with a note on the read.

#include "WarpSizeConstexprCheck.h"
#include "ast/ThreadIndex.h"

#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Expr.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Preprocessor.h"

namespace clang::tidy::rocm {

namespace {

// One key for a function template, its instantiations and their redeclarations.
const FunctionDecl *keyOf(const FunctionDecl &F) {
  const FunctionDecl *Pattern = F.getTemplateInstantiationPattern();
  return (Pattern ? Pattern : &F)->getCanonicalDecl();
}

SourceLocation calleeNameLoc(const CallExpr &Call) {
  if (const auto *R = dyn_cast<DeclRefExpr>(Call.getCallee()->IgnoreImplicit()))
    return R->getLocation();
  return Call.getBeginLoc();
}

} // namespace

void WarpSizeConstexprCheck::noteHostDeviceRead(const FunctionDecl &FD, SourceLocation Read) {
  HostDeviceReads.try_emplace(keyOf(FD), Read);
  if (FD.getIdentifier())
    HostDeviceReadNames.try_emplace(FD.getName(), Read);
}

void WarpSizeConstexprCheck::noteHostCall(const CallExpr &Call, const FunctionDecl &Caller,
                                          const FunctionDecl &Callee) {
  // A lambda runs where it is called from; a function whose body reads thread coordinates is device
  // code that lost its attribute to a missing header.
  if (const auto *M = dyn_cast<CXXMethodDecl>(&Caller); M && M->getParent()->isLambda())
    return;
  if (rocmtidy::bodyActsAsDeviceCode(&Caller))
    return;
  HostCalls.push_back({calleeNameLoc(Call), keyOf(Callee)});
}

void WarpSizeConstexprCheck::reportHostCalls() {
  // The device pass parses host functions too, but a helper's read can sit behind
  // __HIP_DEVICE_COMPILE__ there; the host pass sees what the host emits.
  if (!HostReads || !PP || PP->getLangOpts().CUDAIsDevice)
    return;
  for (const HostCall &C : HostCalls) {
    auto It = HostDeviceReads.find(C.Callee);
    if (It != HostDeviceReads.end())
      reportHostCall(C.Loc, C.Callee->getName(), It->second, /*Dropped=*/false);
  }
}

// The finding goes where ROCm 7's compiler stops, on the read, with the host call as a note.
void WarpSizeConstexprCheck::reportHostCall(SourceLocation Call, StringRef Callee, SourceLocation Read, bool Dropped) {
  if (!Reported.insert(Read).second)
    return;
  diag(Read, "'warpSize' read in __host__ __device__ function '%0', which host code calls; ROCm 7 makes "
             "'warpSize' a device-only value and this stops compiling once the host emits '%0': pass the width "
             "in from the host, queried with hipDeviceAttributeWarpSize")
      << Callee;
  diag(Call, "called from host code here", DiagnosticIDs::Note);
  if (Dropped)
    noteDropped(Call);
}

} // namespace clang::tidy::rocm
