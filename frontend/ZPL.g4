// ZPL.g4 -- grammar of the zplc ZPL dialect (see docs/language.md).
//
// The C++ parser is generated at build time (antlr4 -Dlanguage=Cpp -visitor
// -no-listener -package zplgen). The AST is built from the parse tree by
// frontend/ASTBuilder.cpp; no semantic action lives in this file.
grammar ZPL;

// ---------------------------------------------------------------------------
// Program and declarations
// ---------------------------------------------------------------------------

program
  : PROGRAM ID ';' declaration* EOF
  ;

declaration
  : CONFIG VAR configItem+                 # configDecl
  | CONSTANT constItem+                    # constantDecl
  | VAR varItem+                           # varDecl
  | REGION regionItem+                     # regionDecl
  | DIRECTION directionItem+               # directionDecl
  | GRID gridItem+                         # gridDecl
  | DISTRIBUTION distItem+                 # distributionDecl
  | procedureDecl                          # procDecl
  ;

configItem    : idList ':' type '=' expr ';' ;
constItem     : idList ':' type '=' expr ';' ;
varItem       : familyIdList ':' type ('=' expr)? ';' ;
regionItem    : ID familyBounds? (':' ID)? '=' region ';' ;
directionItem : ID '=' vector ';' ;
gridItem      : ID '=' vector ';' ;
distItem      : ID ':' ID '=' '[' distKind (',' distKind)* ']' ';' ;

// The kind is any word so that an unknown kind is a semantic error with a
// clear message ("unknown distribution kind 'foo'").
distKind
  : kind=(ID | BLOCK | CYCLIC | BLOCKCYCLIC) ('(' expr ')')?
  | '*'
  ;

vector : '[' expr (',' expr)* ']' ;
idList : ID (',' ID)* ;

// Families (multiregions, multiarrays): `region L{0..3} = ...;` and
// `var U{0..3} : [L{}] double;` declare one element per index; `{}` in the
// declaration stands for the element's index, `L{j}` selects an element.
familyIdList : familyId (',' familyId)* ;
familyId     : ID familyBounds? ;
familyBounds : '{' expr '..' expr '}' ;
familyRef    : ID ('{' expr? '}')? ;

procedureDecl
  : PROCEDURE ID '(' paramList? ')' (':' type)? ';'
    localVars*
    BEGIN statement* END ';'
  ;

localVars : VAR varItem+ ;
paramList : param (';' param)* ;
param     : VAR? idList ':' type ;

// ---------------------------------------------------------------------------
// Types
// ---------------------------------------------------------------------------

type
  : scalarType                             # scalarTy
  | '[' rankCommas+=','* ']' scalarType    # rankOnlyTy
  | region scalarType                      # arrayTy
  | ARRAY '[' indexedDim (',' indexedDim)* ']' OF scalarType  # indexedTy
  ;

// A dimension of an indexed array (one or two; Sema reports more).
indexedDim : expr '..' expr ;

scalarType : INTEGER | INT32 | DOUBLE | FLOAT | BOOLEAN | FILE ;

// ---------------------------------------------------------------------------
// Regions
// ---------------------------------------------------------------------------

region : '[' regionBody mask? ']' ;

mask : (WITH | WITHOUT) expr ;

regionBody
  : regionBody AT dirRef                   # atRegion
  | regionBody BY (dirRef | INT)           # byRegion
  | dirRef OF regionBody                   # ofRegion
  | dirRef IN regionBody                   # inRegion
  | region                                 # nestedRegion
  | regionDim (',' regionDim)*             # literalRegion
  ;

// A region in brackets may stand wherever a region name may: `[east of
// [1..n, 1..n]]`, `[[R at d] by [2, 2]]` (Sema rejects a mask inside).
// `by 2` (an integer, or the name of an integer constant) is the same
// stride in every dimension.
// A bare name `[R]` parses as a single-dimension literal; the AST builder
// turns it into a named region and Sema decides (region vs. index).
regionDim
  : '*'                                    # floodDim
  | expr ('..' expr)?                      # rangeDim
  ;

dirRef
  : ID                                     # namedDir
  | vector                                 # literalDir
  ;

// ---------------------------------------------------------------------------
// Statements
// ---------------------------------------------------------------------------

statement
  : region statement                                           # scopedStmt
  | BEGIN statement* END ';'                                   # blockStmt
  | lvalue op=(ASSIGN | PLUSEQ | MINUSEQ | STAREQ | SLASHEQ) expr ';'  # assignStmt
  | IF expr THEN stmtList elsifClause* elseClause? END ';'     # ifStmt
  | FOR ID ASSIGN expr dir=(TO | DOWNTO) expr (BY expr)? DO stmtList END ';'  # forStmt
  | WHILE expr DO stmtList END ';'                             # whileStmt
  | REPEAT stmtList UNTIL expr ';'                             # repeatStmt
  | EXIT ';'                                                   # exitStmt
  | CONTINUE ';'                                               # continueStmt
  | RETURN expr? ';'                                           # returnStmt
  | HALT ';'                                                   # haltStmt
  | kw=(WRAP | REFLECT) familyRef (',' familyRef)* ';'         # boundaryStmt
  | kw=(WRITE | WRITELN) '(' (writeArg (',' writeArg)*)? ')' ';'  # writeStmt
  | ID '(' argList? ')' ';'                                    # callStmt
  ;

stmtList    : statement* ;
elsifClause : ELSIF expr THEN stmtList ;
elseClause  : ELSE stmtList ;
writeArg    : expr (':' STRING)? ;
argList     : expr (',' expr)* ;

// `A#[I1, I2]` is a scatter, `T[i]` an element of an indexed array.
lvalue : familyRef ('#' '[' expr (',' expr)* ']' | '[' expr (',' expr)* ']')? ;

// ---------------------------------------------------------------------------
// Expressions: C precedence; `@`/`#` postfix bind tightest, then `^`
// (right-associative), then the prefix operators (unary, reduce, scan,
// flood), then * / %, + -, relations, equality, &, |.
// ---------------------------------------------------------------------------

expr
  : expr op=(AT_SIGN | AT_WRAP) dirRef                 # shiftExpr
  | expr '#' '[' expr (',' expr)* ']'                  # remapExpr
  | <assoc=right> expr '^' expr                        # powExpr
  | op=('-' | '+' | '!') expr                          # unaryExpr
  | redOp '<<' region? expr                            # reduceExpr
  | redOp '||' ('[' INT ']')? expr                     # scanExpr
  | '>>' region expr                                   # floodExpr
  | expr op=('*' | '/' | '%') expr                     # mulExpr
  | expr op=('+' | '-') expr                           # addExpr
  | expr op=('<' | '<=' | '>' | '>=') expr             # relExpr
  | expr op=('=' | '!=') expr                          # eqExpr
  | expr '&' expr                                      # andExpr
  | expr '|' expr                                      # orExpr
  | primary                                            # primaryExpr
  ;

redOp : '+' | '*' | '&' | '|' | ID ;

primary
  : INT                                                # intLit
  | REAL                                               # realLit
  | STRING                                             # stringLit
  | (TRUE | FALSE)                                     # boolLit
  | ID '(' argList? ')'                                # callExpr
  | scalarType '(' argList? ')'                        # convExpr
  | ID '[' expr (',' expr)* ']'                         # subscriptExpr
  | ID '{' expr? '}'                                   # selectExpr
  | '{' '}'                                            # elementIndexExpr
  | ID                                                 # nameExpr
  | '(' expr ')'                                       # parenExpr
  ;

// ---------------------------------------------------------------------------
// Lexical structure
// ---------------------------------------------------------------------------

// Every word below is reserved (docs/language.md section 2): a keyword
// where a name is expected is reported as such by the front end. `file` is reserved for the
// file type; `block`, `cyclic` and `blockcyclic` only name distribution kinds.
PROGRAM      : 'program' ;
CONFIG       : 'config' ;
CONSTANT     : 'constant' ;
VAR          : 'var' ;
REGION       : 'region' ;
DIRECTION    : 'direction' ;
GRID         : 'grid' ;
DISTRIBUTION : 'distribution' ;
PROCEDURE    : 'procedure' ;
BEGIN        : 'begin' ;
END          : 'end' ;
IF           : 'if' ;
THEN         : 'then' ;
ELSIF        : 'elsif' ;
ELSE         : 'else' ;
FOR          : 'for' ;
TO           : 'to' ;
DOWNTO       : 'downto' ;
BY           : 'by' ;
DO           : 'do' ;
WHILE        : 'while' ;
REPEAT       : 'repeat' ;
UNTIL        : 'until' ;
EXIT         : 'exit' ;
CONTINUE     : 'continue' ;
RETURN       : 'return' ;
HALT         : 'halt' ;
WRAP         : 'wrap' ;
REFLECT      : 'reflect' ;
WRITE        : 'write' ;
WRITELN      : 'writeln' ;
OF           : 'of' ;
IN           : 'in' ;
AT           : 'at' ;
WITH         : 'with' ;
WITHOUT      : 'without' ;
TRUE         : 'true' ;
FALSE        : 'false' ;
INTEGER      : 'integer' ;
INT32        : 'int32' ;
DOUBLE       : 'double' ;
FLOAT        : 'float' ;
BOOLEAN      : 'boolean' ;
FILE         : 'file' ;
BLOCK        : 'block' ;
CYCLIC       : 'cyclic' ;
BLOCKCYCLIC  : 'blockcyclic' ;
ARRAY        : 'array' ;

ASSIGN  : ':=' ;
PLUSEQ  : '+=' ;
MINUSEQ : '-=' ;
STAREQ  : '*=' ;
SLASHEQ : '/=' ;
AT_WRAP : '@^' ;
AT_SIGN : '@' ;
REDUCE  : '<<' ;
FLOOD   : '>>' ;
SCAN    : '||' ;
DOTDOT  : '..' ;
LE      : '<=' ;
GE      : '>=' ;
NE      : '!=' ;
LT      : '<' ;
GT      : '>' ;
EQ      : '=' ;
PLUS    : '+' ;
MINUS   : '-' ;
STAR    : '*' ;
SLASH   : '/' ;
PERCENT : '%' ;
CARET   : '^' ;
NOT     : '!' ;
AMP     : '&' ;
BAR     : '|' ;
HASH    : '#' ;
LBRACE  : '{' ;
RBRACE  : '}' ;
LPAREN  : '(' ;
RPAREN  : ')' ;
LBRACK  : '[' ;
RBRACK  : ']' ;
COMMA   : ',' ;
SEMI    : ';' ;
COLON   : ':' ;

ID   : [a-zA-Z_] [a-zA-Z_0-9]* ;
REAL : [0-9]+ '.' [0-9]+ EXPONENT?
     | '.' [0-9]+ EXPONENT?
     | [0-9]+ EXPONENT
     ;
INT  : [0-9]+ ;
fragment EXPONENT : [eE] [+-]? [0-9]+ ;

STRING : '"' ( '\\' [nt"\\] | ~["\\\r\n] )* '"' ;
// A string with a bad escape or without its closing quote; reported by the
// front end before parsing.
BAD_STRING : '"' ( '\\' ~[\r\n] | ~["\\\r\n] )* '"'?  ;

LINE_COMMENT  : '--' ~[\r\n]* -> skip ;
BLOCK_COMMENT : '/*' .*? '*/' -> skip ;
UNTERMINATED_COMMENT : '/*' ( ~[*] | '*'+ ~[*/] )* '*'* EOF ;
WS : [ \t\r\n\f]+ -> skip ;

// Any other character: reported by the front end ("invalid character").
BAD_CHAR : . ;
