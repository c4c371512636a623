# MLIRGen: the checked AST -> the zpl dialect. Included from
# frontend/CMakeLists.txt. Built with LLVM's flags (no exceptions); it uses
# only the front end's public headers (AST.h, Diagnostics.h).
# PARTIAL_SOURCES_INTENDED: the other .cpp files here belong to ZPLFrontend.
add_mlir_library(ZPLMLIRGen PARTIAL_SOURCES_INTENDED DISABLE_INSTALL
  MLIRGen.cpp
  MLIRGenArrays.cpp
  MLIRGenExpr.cpp
  MLIRGenFiles.cpp
  MLIRGenProc.cpp
  MLIRGenShattered.cpp
  MLIRGenStmt.cpp

  DEPENDS ZPLIncGen

  LINK_LIBS PUBLIC
  ZPLFrontend
  MLIRZPL
  MLIRIronman
  MLIRArithDialect
  MLIRControlFlowDialect
  MLIRFuncDialect
  MLIRMathDialect
  MLIRSCFDialect
  MLIRIR
)
