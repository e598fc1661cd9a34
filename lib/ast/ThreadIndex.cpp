#include "ast/ThreadIndex.h"

#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"

#include <algorithm>

using namespace clang;

namespace rocmtidy {

namespace {

// Looks through everything that does not change which value is read: parentheses, implicit
// casts, temporaries, the 'operator unsigned' of HIP 5's coordinate objects and the
// pseudo-object wrapper around a __declspec(property) read.
const Expr *stripValue(const Expr *E) {
  while (E) {
    const Expr *Next = E->IgnoreParenImpCasts();
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(Next)) {
      if (isa_and_nonnull<CXXConversionDecl>(MC->getMethodDecl())) {
        Next = MC->getImplicitObjectArgument();
      }
    } else if (const auto *PO = dyn_cast<PseudoObjectExpr>(Next)) {
      Next = PO->getSyntacticForm();
    } else if (const auto *OV = dyn_cast<OpaqueValueExpr>(Next)) {
      // The property's base object, bound once for the getter call.
      if (OV->getSourceExpr())
        Next = OV->getSourceExpr();
    } else if (const auto *BT = dyn_cast<CXXBindTemporaryExpr>(Next)) {
      Next = BT->getSubExpr();
    }
    if (Next == E)
      return E;
    E = Next;
  }
  return E;
}

std::optional<unsigned> axisOfName(StringRef Name) {
  if (Name == "x")
    return 0;
  if (Name == "y")
    return 1;
  if (Name == "z")
    return 2;
  return std::nullopt;
}

// The builtin coordinate object: a variable of that name at namespace scope (ROCm, clang's CUDA
// wrapper and the fallback header all declare it so), never a local that happens to share it.
bool isCoordinateObject(const Expr *Base, StringRef Name) {
  const auto *DRE = dyn_cast_or_null<DeclRefExpr>(stripValue(Base));
  if (!DRE)
    return false;
  const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
  return VD && VD->getIdentifier() && VD->getName() == Name && VD->hasGlobalStorage() && !VD->isStaticDataMember();
}

} // namespace

StringRef calleeName(const CallExpr *CE) {
  if (const FunctionDecl *FD = CE->getDirectCallee())
    return FD->getIdentifier() ? FD->getName() : StringRef();
  // A call in a template with dependent arguments still names its overload set.
  if (const auto *ULE = dyn_cast_or_null<UnresolvedLookupExpr>(CE->getCallee()->IgnoreParenImpCasts()))
    return ULE->getName().isIdentifier() ? ULE->getName().getAsIdentifierInfo()->getName() : StringRef();
  return {};
}

std::optional<ThreadIndexRef> matchThreadIndex(const Expr *E) {
  E = stripValue(E);
  if (!E)
    return std::nullopt;
  // threadIdx.x as a plain field, or HIP 5's static coordinate members.
  if (const auto *ME = dyn_cast<MemberExpr>(E)) {
    const ValueDecl *Member = ME->getMemberDecl();
    if (Member->getIdentifier())
      if (auto Axis = axisOfName(Member->getName()); Axis && isCoordinateObject(ME->getBase(), "threadIdx"))
        return ThreadIndexRef{ThreadIndexRef::Source::ThreadIdx, *Axis};
    return std::nullopt;
  }
  // threadIdx.x as a __declspec(property): ROCm 6+, clang's CUDA builtins, the fallback header.
  if (const auto *PR = dyn_cast<MSPropertyRefExpr>(E)) {
    const MSPropertyDecl *P = PR->getPropertyDecl();
    if (P->getIdentifier())
      if (auto Axis = axisOfName(P->getName()); Axis && isCoordinateObject(PR->getBaseExpr(), "threadIdx"))
        return ThreadIndexRef{ThreadIndexRef::Source::ThreadIdx, *Axis};
    return std::nullopt;
  }
  if (const auto *CE = dyn_cast<CallExpr>(E)) {
    StringRef Name = calleeName(CE);
    if (Name.empty() || !Name.starts_with("__"))
      return std::nullopt;
    if (Name == "__lane_id" && CE->getNumArgs() == 0)
      return ThreadIndexRef{ThreadIndexRef::Source::LaneId, 0};
    if (Name.consume_front("__builtin_amdgcn_workitem_id_"))
      if (auto Axis = axisOfName(Name))
        return ThreadIndexRef{ThreadIndexRef::Source::ThreadIdx, *Axis};
    // hipThreadIdx_x in ROCm 5 expands to __ockl_get_local_id(0).
    if (Name == "__ockl_get_local_id" && CE->getNumArgs() == 1)
      if (auto V = integerLiteralValue(CE->getArg(0)); V && *V < 3)
        return ThreadIndexRef{ThreadIndexRef::Source::ThreadIdx, static_cast<unsigned>(*V)};
  }
  return std::nullopt;
}

bool isBlockIndex(const Expr *E) {
  E = stripValue(E);
  if (const auto *ME = dyn_cast_or_null<MemberExpr>(E))
    return ME->getMemberDecl()->getIdentifier() && axisOfName(ME->getMemberDecl()->getName()) &&
           isCoordinateObject(ME->getBase(), "blockIdx");
  if (const auto *PR = dyn_cast_or_null<MSPropertyRefExpr>(E))
    return PR->getPropertyDecl()->getIdentifier() && axisOfName(PR->getPropertyDecl()->getName()) &&
           isCoordinateObject(PR->getBaseExpr(), "blockIdx");
  if (const auto *CE = dyn_cast_or_null<CallExpr>(E)) {
    StringRef Name = calleeName(CE);
    return Name == "__ockl_get_group_id" || Name.starts_with("__builtin_amdgcn_workgroup_id_");
  }
  return false;
}

bool isLaunchShape(const Expr *E) {
  E = stripValue(E);
  auto IsShapeObject = [](const Expr *Base) {
    return isCoordinateObject(Base, "blockDim") || isCoordinateObject(Base, "gridDim");
  };
  if (const auto *ME = dyn_cast_or_null<MemberExpr>(E))
    return ME->getMemberDecl()->getIdentifier() && axisOfName(ME->getMemberDecl()->getName()) &&
           IsShapeObject(ME->getBase());
  if (const auto *PR = dyn_cast_or_null<MSPropertyRefExpr>(E))
    return PR->getPropertyDecl()->getIdentifier() && axisOfName(PR->getPropertyDecl()->getName()) &&
           IsShapeObject(PR->getBaseExpr());
  if (const auto *CE = dyn_cast_or_null<CallExpr>(E)) {
    StringRef Name = calleeName(CE);
    return Name == "__ockl_get_local_size" || Name == "__ockl_get_num_groups";
  }
  return false;
}

bool isWarpSizeRef(const Expr *E) {
  const auto *DRE = dyn_cast_or_null<DeclRefExpr>(stripValue(E));
  if (!DRE)
    return false;
  const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
  return VD && VD->getIdentifier() && VD->getName() == "warpSize" && VD->hasGlobalStorage() &&
         !VD->isStaticDataMember();
}

bool isWarpSizeCall(const Expr *E) {
  const auto *CE = dyn_cast_or_null<CallExpr>(stripValue(E));
  if (!CE || CE->getNumArgs() != 0 || !CE->getType()->isIntegerType())
    return false;
  llvm::StringRef Name = calleeName(CE);
  std::string Lower = Name.lower();
  llvm::StringRef L(Lower);
  return (L.contains("warp") || L.contains("wavefront")) && (L.contains("size") || L.contains("width"));
}

std::optional<uint64_t> integerLiteralValue(const Expr *E) {
  if (!E)
    return std::nullopt;
  if (const auto *IL = dyn_cast<IntegerLiteral>(E->IgnoreParenImpCasts()))
    if (IL->getValue().getActiveBits() <= 64)
      return IL->getValue().getZExtValue();
  return std::nullopt;
}

bool hasExplicitDeviceAttr(const FunctionDecl *FD) {
  for (const Attr *A : FD->attrs())
    if ((isa<CUDAGlobalAttr>(A) || isa<CUDADeviceAttr>(A)) && !A->isImplicit())
      return true;
  return false;
}

namespace {

bool isDeviceOnlyFunction(const NamedDecl *D) {
  const auto *FD = dyn_cast_or_null<FunctionDecl>(D ? D->getUnderlyingDecl() : nullptr);
  if (const auto *FT = dyn_cast_or_null<FunctionTemplateDecl>(D ? D->getUnderlyingDecl() : nullptr))
    FD = FT->getTemplatedDecl();
  return FD && FD->hasAttr<CUDADeviceAttr>() && !FD->hasAttr<CUDAHostAttr>();
}

bool actsAsDeviceCode(const Stmt *S) {
  if (!S)
    return false;
  if (const auto *E = dyn_cast<Expr>(S); E && matchThreadIndex(E))
    return true;
  // A call to a device-only function: in a function that lost its attributes the call fails to
  // resolve (no viable host candidate) and survives only as a lookup inside a RecoveryExpr.
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
    return isDeviceOnlyFunction(DRE->getDecl());
  if (const auto *ULE = dyn_cast<UnresolvedLookupExpr>(S))
    return ULE->getNumDecls() > 0 && std::all_of(ULE->decls_begin(), ULE->decls_end(),
                                                 [](const NamedDecl *D) { return isDeviceOnlyFunction(D); });
  for (const Stmt *Child : S->children())
    if (actsAsDeviceCode(Child))
      return true;
  return false;
}

} // namespace

bool bodyActsAsDeviceCode(const FunctionDecl *FD) { return FD && actsAsDeviceCode(FD->getBody()); }

bool isDeviceCode(const FunctionDecl *FD) {
  if (!FD)
    return false;
  if (hasExplicitDeviceAttr(FD))
    return true;
  const auto *MD = dyn_cast<CXXMethodDecl>(FD);
  if (!MD || !MD->getParent()->isLambda())
    return false;
  for (const Attr *A : FD->attrs())
    if (isa<CUDAHostAttr>(A) && !A->isImplicit())
      return false;
  // A lambda without attributes runs where the function that defines it runs.
  const DeclContext *DC = MD->getParent()->getDeclContext();
  while (DC && !isa<FunctionDecl>(DC))
    DC = DC->getParent();
  return isDeviceCode(dyn_cast_or_null<FunctionDecl>(DC));
}

} // namespace rocmtidy
