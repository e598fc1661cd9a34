#include "ast/ThreadIndex.h"

#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"

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

bool isTracked(const VarDecl *VD) {
  return VD->hasLocalStorage() && !isa<ParmVarDecl>(VD) && VD->getType()->isIntegralOrEnumerationType();
}

const VarDecl *trackedVar(const Expr *E) {
  const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParens());
  if (!DRE)
    return nullptr;
  const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
  return VD && isTracked(VD) ? VD : nullptr;
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

bool isWarpSizeRef(const Expr *E) {
  const auto *DRE = dyn_cast_or_null<DeclRefExpr>(stripValue(E));
  if (!DRE)
    return false;
  const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
  return VD && VD->getIdentifier() && VD->getName() == "warpSize" && VD->hasGlobalStorage() &&
         !VD->isStaticDataMember();
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

class LocalDefinitionsBuilder : public RecursiveASTVisitor<LocalDefinitionsBuilder> {
public:
  explicit LocalDefinitionsBuilder(LocalDefinitions &LD) : LD(LD) {}

  bool VisitVarDecl(VarDecl *VD) {
    if (isTracked(VD)) {
      LocalDefinitions::Info &I = LD.Vars[VD];
      if (const Expr *Init = VD->getInit())
        I.Defs.push_back(Init);
    }
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *DRE) {
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()); VD && isTracked(VD))
      ++LD.Vars[VD].Refs;
    return true;
  }
  bool VisitImplicitCastExpr(ImplicitCastExpr *ICE) {
    if (ICE->getCastKind() == CK_LValueToRValue)
      if (const VarDecl *VD = trackedVar(ICE->getSubExpr()))
        ++LD.Vars[VD].Accounted;
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator *BO) {
    if (BO->getOpcode() == BO_Assign)
      if (const VarDecl *VD = trackedVar(BO->getLHS())) {
        LocalDefinitions::Info &I = LD.Vars[VD];
        ++I.Accounted;
        I.Defs.push_back(BO->getRHS());
      }
    return true;
  }

private:
  LocalDefinitions &LD;
};

LocalDefinitions::LocalDefinitions(const Stmt *Body) {
  if (Body)
    LocalDefinitionsBuilder(*this).TraverseStmt(const_cast<Stmt *>(Body));
}

std::optional<llvm::ArrayRef<const Expr *>> LocalDefinitions::definitions(const VarDecl *VD) const {
  auto It = Vars.find(VD);
  if (It == Vars.end() || It->second.Refs != It->second.Accounted)
    return std::nullopt;
  return llvm::ArrayRef<const Expr *>(It->second.Defs);
}

namespace {

bool isWarpWidth(const Expr *E) {
  auto V = integerLiteralValue(E);
  return (V && *V == 32) || isWarpSizeRef(E);
}

bool isLaneMask(const Expr *E) {
  if (auto V = integerLiteralValue(E))
    return *V == 31;
  // warpSize - 1
  if (const auto *BO = dyn_cast<BinaryOperator>(E->IgnoreParenImpCasts()))
    if (BO->getOpcode() == BO_Sub && isWarpSizeRef(BO->getLHS()))
      if (auto V = integerLiteralValue(BO->getRHS()))
        return *V == 1;
  return false;
}

bool isLaneVarying(ThreadValue V) { return V == ThreadValue::ThreadIndex || V == ThreadValue::LaneId; }

} // namespace

ThreadValue ThreadIndexAnalysis::classify(const Expr *E, const VarDecl **Via) {
  E = stripValue(E);
  if (!E)
    return ThreadValue::None;
  if (const auto *CE = dyn_cast<ExplicitCastExpr>(E))
    return CE->getType()->isIntegerType() ? classify(CE->getSubExpr(), Via) : ThreadValue::None;
  if (auto Ref = matchThreadIndex(E)) {
    if (Ref->From == ThreadIndexRef::Source::LaneId)
      return ThreadValue::LaneId;
    return Ref->Axis == 0 ? ThreadValue::ThreadIndex : ThreadValue::None;
  }
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
    if (const auto *P = dyn_cast_or_null<ParmVarDecl>(VD); P && !Params.empty()) {
      auto It = Params.find(P);
      if (It != Params.end() && It->second != ThreadValue::None && Via)
        *Via = P;
      return It == Params.end() ? ThreadValue::None : It->second;
    }
    if (!VD || !isTracked(VD))
      return ThreadValue::None;
    ThreadValue V = classifyVar(VD);
    if (V != ThreadValue::None && Via)
      *Via = VD;
    return V;
  }
  const auto *BO = dyn_cast<BinaryOperator>(E);
  if (!BO)
    return ThreadValue::None;
  const VarDecl *LVia = nullptr, *RVia = nullptr;
  auto Result = [&](ThreadValue V, const VarDecl *From) {
    if (V != ThreadValue::None && Via && From)
      *Via = From;
    return V;
  };
  switch (BO->getOpcode()) {
  case BO_Add: {
    // tid + offset, threadIdx.y * blockDim.x + threadIdx.x, blockIdx.x * blockDim.x + threadIdx.x.
    ThreadValue L = classify(BO->getLHS(), &LVia);
    ThreadValue R = classify(BO->getRHS(), &RVia);
    if (L == ThreadValue::ThreadIndex || R == ThreadValue::ThreadIndex)
      return Result(ThreadValue::ThreadIndex, L == ThreadValue::ThreadIndex ? LVia : RVia);
    if (L == ThreadValue::LaneId || R == ThreadValue::LaneId)
      return Result(ThreadValue::LaneId, L == ThreadValue::LaneId ? LVia : RVia);
    return ThreadValue::None;
  }
  case BO_Sub: {
    ThreadValue L = classify(BO->getLHS(), &LVia);
    return isLaneVarying(L) ? Result(L, LVia) : ThreadValue::None;
  }
  case BO_Rem:
    if (isWarpWidth(BO->getRHS()))
      if (ThreadValue L = classify(BO->getLHS(), &LVia); isLaneVarying(L))
        return Result(ThreadValue::LaneId, LVia);
    return ThreadValue::None;
  case BO_And:
    if (isLaneMask(BO->getRHS()))
      if (ThreadValue L = classify(BO->getLHS(), &LVia); isLaneVarying(L))
        return Result(ThreadValue::LaneId, LVia);
    if (isLaneMask(BO->getLHS()))
      if (ThreadValue R = classify(BO->getRHS(), &RVia); isLaneVarying(R))
        return Result(ThreadValue::LaneId, RVia);
    return ThreadValue::None;
  case BO_Div:
    if (isWarpWidth(BO->getRHS()))
      if (classify(BO->getLHS(), &LVia) == ThreadValue::ThreadIndex)
        return Result(ThreadValue::WarpId, LVia);
    return ThreadValue::None;
  case BO_Shr:
    if (auto V = integerLiteralValue(BO->getRHS()); V && *V == 5)
      if (classify(BO->getLHS(), &LVia) == ThreadValue::ThreadIndex)
        return Result(ThreadValue::WarpId, LVia);
    return ThreadValue::None;
  case BO_Comma:
    return classify(BO->getRHS(), Via);
  default:
    return ThreadValue::None;
  }
}

ThreadValue ThreadIndexAnalysis::classifyVar(const VarDecl *VD) {
  auto It = Memo.find(VD);
  if (It != Memo.end())
    return It->second.first == State::Done ? It->second.second : ThreadValue::None;
  Memo[VD] = {State::InProgress, ThreadValue::None};
  ThreadValue Result = ThreadValue::None;
  if (auto List = Defs.definitions(VD); List && !List->empty()) {
    // Every definition must agree: a variable reset to 0 on some path is not a thread index.
    Result = classify(List->front());
    for (const Expr *D : List->drop_front())
      if (classify(D) != Result) {
        Result = ThreadValue::None;
        break;
      }
  }
  Memo[VD] = {State::Done, Result};
  return Result;
}

} // namespace rocmtidy
